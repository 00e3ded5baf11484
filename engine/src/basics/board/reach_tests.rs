//! The bit-parallel movement search against a plain scalar reference (MOVIMIENTO): the same
//! destinations and costs on random boards.

use super::reach::*;
use super::tests::p;
use super::*;

/// The scalar `Board::reachable` before the bit-parallel search (reference).
#[allow(clippy::too_many_arguments)]
fn reachable_scalar(
    b: &Board,
    from: Pos,
    max_steps: u8,
    flags: &[u8],
    crouched: bool,
    allow_zone_end: bool,
    sc: &mut MoveScratch,
) -> Vec<Reach> {
    let mut out = Vec::new();
    if max_steps == 0 {
        return out;
    }
    sc.fit(b.len());
    let mut found = vec![false; b.len()];
    for level in u8::from(crouched)..=2 {
        let (_, refused) = b.bfs_level(
            b.index(from),
            level,
            max_steps,
            flags,
            crouched,
            allow_zone_end,
            sc,
        );
        for k in 1..sc.queue.len() {
            let j = sc.queue[k] as usize;
            if !found[j] {
                found[j] = true;
                out.push(Reach {
                    pos: b.pos(j),
                    steps: sc.dist[j],
                    surcharge: level,
                });
            }
        }
        if !refused {
            break;
        }
    }
    out.sort_unstable_by_key(|r| (r.pos.y, r.pos.x));
    out
}

/// The scalar `Board::reach_table` (as a sorted list) before the bit-parallel search (reference).
fn reach_levels_scalar(
    b: &Board,
    from: Pos,
    max_steps: u8,
    flags: &[u8],
    crouched: bool,
    sc: &mut MoveScratch,
) -> Vec<(Pos, [u8; 3])> {
    if max_steps == 0 {
        return Vec::new();
    }
    sc.fit(b.len());
    let mut levels: Vec<Option<[u8; 3]>> = vec![None; b.len()];
    let mut touched = Vec::new();
    for level in u8::from(crouched)..=2 {
        let (_, refused) = b.bfs_level(b.index(from), level, max_steps, flags, crouched, true, sc);
        for k in 1..sc.queue.len() {
            let j = sc.queue[k] as usize;
            let lv = levels[j].get_or_insert_with(|| {
                touched.push(j);
                [u8::MAX; 3]
            });
            lv[level as usize] = sc.dist[j];
        }
        if !refused {
            break;
        }
    }
    touched.sort_unstable();
    // A level's steps are kept only where fewer than every lower level's (as many say nothing
    // more: a kind's surcharge is the first level within its kliks), as the table keeps them.
    let normal = |mut lv: [u8; 3]| {
        for l in 1..3 {
            if lv[..l].iter().any(|&k| k <= lv[l]) {
                lv[l] = u8::MAX;
            }
        }
        lv
    };
    touched
        .into_iter()
        .map(|j| (b.pos(j), normal(levels[j].unwrap())))
        .collect()
}

/// The bit-parallel searches of `reachable` and `reach_table` give exactly what the
/// scalar breadth-first search gave, on random boards of every size up to 64×64 (width 64
/// included), random terrain, bases and zones, starts and reaches.
#[test]
fn bit_parallel_search_matches_scalar() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0x6266_735f_7465_7374);
    let mut below = |n: u32| (rng.next_u32() % n) as u8;
    let mut sc = MoveScratch::new();
    let (mut fast, mut table) = (Vec::new(), Vec::new());
    let mut grid = super::ReachTable::default();
    let (mut nonempty, mut level2_squares, mut marked_rows) = (0, 0, 0);
    for round in 0..3000 {
        // Every fourth board is 64 wide or 64 tall; the rest any size.
        let w = if round % 4 == 0 { 64 } else { 2 + below(63) };
        let h = if round % 8 == 1 { 64 } else { 2 + below(63) };
        let mut b = Board::new(w, h, 0).unwrap();
        // Terrain mixes from mostly open to mostly blocked.
        let (rough, blocked) = (below(60) as u32, below(40) as u32);
        for y in 0..h {
            for x in 0..w {
                let r = below(100) as u32;
                let t = if r < blocked / 2 {
                    Terrain::Wall
                } else if r < blocked {
                    Terrain::HighObstacle
                } else if r < blocked + rough / 3 {
                    Terrain::Difficult
                } else if r < blocked + 2 * rough / 3 {
                    Terrain::LowObstacle
                } else if r < blocked + rough {
                    Terrain::Extreme
                } else {
                    Terrain::Easy
                };
                b.set_terrain(p(x, y), t);
            }
        }
        let (occ, zone) = (below(30), below(30));
        let flags: Vec<u8> = (0..b.len())
            .map(|_| {
                let mut f = 0;
                if below(100) < occ {
                    f |= OCCUPIED;
                }
                if below(100) < zone {
                    f |= ZONE;
                }
                f
            })
            .collect();
        // The start square may have any terrain and flags, as for the scalar search.
        let from = p(below(w as u32), below(h as u32));
        let max_steps = below(21);
        // Marks within the search's kliks and beyond it.
        let marks = [below(21), max_steps, below(max_steps as u32 + 1)];
        for crouched in [false, true] {
            let expect = reach_levels_scalar(&b, from, max_steps, &flags, crouched, &mut sc);
            let (mut occ, mut zone) = (Vec::new(), Vec::new());
            b.flag_rows(&flags, &mut occ, &mut zone);
            b.reach_table(from, max_steps, &occ, &zone, crouched, marks, &mut grid);
            table.clear();
            for (y, &row) in grid.rows.iter().enumerate() {
                let mut bits = row;
                while bits != 0 {
                    let x = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    table.push((Pos::new(x as u8, y as u8), grid.levels_at(x, y)));
                }
            }
            assert_eq!(table, expect, "reach_table, round {round}");
            // Each mark's masks say what the grid says for that many kliks (the rows within
            // them of the start).
            for s in marks {
                let Some(k) = grid.mark(s) else {
                    assert!(s == 0 || s > max_steps, "mark {s} lost, round {round}");
                    continue;
                };
                let (fy, hh) = (from.y as usize, b.height() as usize);
                for y in fy.saturating_sub(s as usize)..=(fy + s as usize).min(hh - 1) {
                    let mut by = [0u64; 3];
                    let mut bits = grid.rows[y];
                    while bits != 0 {
                        let x = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        if let Some(r) = grid.entry(x, y, s) {
                            by[r.surcharge as usize] |= 1 << x;
                        }
                    }
                    // A row's entries at once say what each square's say.
                    let mut row = [0u64; 3];
                    grid.row_entries(y, grid.rows[y], s, |r| {
                        row[r.surcharge as usize] |= 1 << r.pos.x
                    });
                    assert_eq!(row, by, "row entries, mark {s}, row {y}, round {round}");
                    let masks = grid.surcharge_rows(k, y).map(|m| m & grid.rows[y]);
                    assert_eq!(masks, by, "mark {s}, row {y}, round {round}");
                    marked_rows += usize::from(by != [0; 3]);
                }
            }
            nonempty += usize::from(!table.is_empty());
            level2_squares += table.iter().filter(|(_, l)| l[2] != u8::MAX).count();
            for zone_end in [false, true] {
                let expect =
                    reachable_scalar(&b, from, max_steps, &flags, crouched, zone_end, &mut sc);
                b.reachable(
                    from, max_steps, &flags, crouched, zone_end, &mut sc, &mut fast,
                );
                assert_eq!(fast, expect, "reachable, round {round}");
            }
        }
    }
    // The boards were not all trivial.
    assert!(nonempty > 4000, "{nonempty}");
    assert!(level2_squares > 0);
    assert!(marked_rows > 4000, "{marked_rows}");
}
