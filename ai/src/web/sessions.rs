//! The server's sessions (WEB.md §3): one game per browser tab, each behind its own lock so
//! that tabs never wait for each other; ids that cannot be guessed; at most a fixed number at
//! once; freed when the tab closes (`POST …/close`, sent by the page as it goes away) or after
//! a time without requests.

use super::table::Table;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

/// A table shared between the requests of its tab.
pub type Shared = Arc<Mutex<Table>>;

/// Locks a table (a lock poisoned by a panic still guards a consistent table: every change of
/// the game is atomic).
pub fn lock(t: &Shared) -> MutexGuard<'_, Table> {
    t.lock().unwrap_or_else(|e| e.into_inner())
}

/// The session table.
pub struct Sessions {
    map: Mutex<HashMap<String, Shared>>,
    keys: RandomState,
    counter: AtomicU64,
    /// Most sessions at once.
    pub max: usize,
    /// Idle time after which a session is freed.
    pub idle: Duration,
}

/// Length of a session id in hexadecimal digits.
pub const ID_LEN: usize = 32;

impl Sessions {
    /// An empty table.
    pub fn new(max: usize, idle: Duration) -> Sessions {
        Sessions {
            map: Mutex::new(HashMap::new()),
            keys: RandomState::new(),
            counter: AtomicU64::new(0),
            max,
            idle,
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Shared>> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn fresh_id(&self) -> String {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let word = |salt: u64| {
            // Keys drawn by the standard library from the OS at start: unguessable.
            let mut h = self.keys.build_hasher();
            h.write_u64(salt);
            h.write_u64(n);
            h.write_u128(now);
            h.finish()
        };
        format!("{:016x}{:016x}", word(1), word(2))
    }

    /// Adds a table and returns its id.
    ///
    /// # Errors
    /// The server holds its most sessions already.
    pub fn add(&self, t: Table) -> Result<String, String> {
        self.expire();
        let mut m = self.map();
        if m.len() >= self.max {
            return Err(format!(
                "the server holds {} games already (its limit): close a tab or wait for an \
                 idle one to expire",
                self.max
            ));
        }
        let id = loop {
            let id = self.fresh_id();
            if !m.contains_key(&id) {
                break id;
            }
        };
        m.insert(id.clone(), Arc::new(Mutex::new(t)));
        Ok(id)
    }

    /// The table of an id.
    ///
    /// # Errors
    /// A malformed or unknown id, as (status, message).
    pub fn get(&self, id: &str) -> Result<Shared, (u16, String)> {
        if id.len() != ID_LEN || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err((
                400,
                format!("malformed session id (expected {ID_LEN} hexadecimal digits)"),
            ));
        }
        self.expire();
        self.map().get(id).cloned().ok_or((
            404,
            "unknown session id (closed, expired, or from another server run): start a new game"
                .to_string(),
        ))
    }

    /// Frees a session; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        let gone = self.map().remove(id);
        // Dropped here, outside the table's lock: stops its search.
        gone.is_some()
    }

    /// Sessions held.
    pub fn len(&self) -> usize {
        self.map().len()
    }

    /// Whether none is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Frees the sessions idle for longer than [`Sessions::idle`].
    pub fn expire(&self) {
        let now = Instant::now();
        let gone: Vec<Shared> = {
            let mut m = self.map();
            let old: Vec<String> = m
                .iter()
                .filter(|(_, t)| {
                    t.try_lock()
                        .map(|t| now.duration_since(t.last_seen) > self.idle)
                        .unwrap_or(false)
                })
                .map(|(k, _)| k.clone())
                .collect();
            old.iter().filter_map(|k| m.remove(k)).collect()
        };
        drop(gone);
    }

    /// Frees every session.
    pub fn clear(&self) {
        let all: Vec<Shared> = self.map().drain().map(|(_, t)| t).collect();
        drop(all);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::table::{Seat, TableConfig};

    fn code(r: Result<Shared, (u16, String)>) -> u16 {
        r.err().map_or(200, |e| e.0)
    }

    fn table() -> Table {
        let (json, name) = crate::web::positions::shipped_json("duel").unwrap();
        let human = Seat {
            human: true,
            iterations: 1,
        };
        let config = TableConfig {
            position: name,
            seats: [human, human],
            table_dice: false,
            dice_seed: 1,
            seed: 1,
            casual: true,
        };
        Table::new(config, &json).unwrap()
    }

    #[test]
    fn ids_are_checked_and_at_most_max_sessions_are_held() {
        let s = Sessions::new(2, Duration::from_secs(3600));
        let a = s.add(table()).unwrap();
        let b = s.add(table()).unwrap();
        assert_ne!(a, b);
        assert_eq!(a.len(), ID_LEN);
        let e = s.add(table()).unwrap_err();
        assert!(e.contains("2 games already"), "{e}");
        assert_eq!(code(s.get("xyz")), 400);
        assert_eq!(code(s.get(&"0".repeat(ID_LEN))), 404);
        assert!(s.remove(&a));
        assert!(!s.remove(&a));
        assert_eq!(code(s.get(&a)), 404);
        assert!(s.get(&b).is_ok());
    }

    #[test]
    fn idle_sessions_are_freed() {
        let s = Sessions::new(8, Duration::ZERO);
        let a = s.add(table()).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        s.expire();
        assert!(s.is_empty());
        assert_eq!(code(s.get(&a)), 404);
    }
}
