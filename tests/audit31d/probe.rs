use super::*;
use crate::transport::{owner, with_transports};
use engine::State;
use serde_json::{json, Value};

fn truck_t(traits: &[&str]) -> Value {
    json!({"name": "Camión", "ene": 2, "mov": 8, "def": 4, "quality": 9, "traits": traits})
}

fn placed(traits: &[&str], gun_traits: &[&str], wounds: u8) -> State {
    let a1 = owner(3, 3, truck_t(traits)).set("aboard", "t1");
    load(&with_transports(
        setup_json(
            &open(8, 14),
            &[a1],
            &[
                C::std(3, 7).weapon(weapon(2, 1, 5, 5, gun_traits)),
                C::std(7, 0).status("acted"),
            ],
            1,
            10,
        ),
        json!([{"of": "a1", "at": [3, 3], "facing": "S", "driver": "a1", "wounds": wounds}]),
    ))
}

#[test]
fn probe_ignea_on_transport() {
    let mut st = placed(&[], &["Munición ígnea"], 4);
    let log = play(
        &mut st,
        &["b1 shoot-transport t1 w1", "b1 end facing N"],
        &[3, 9],
    );
    eprintln!("{:?} wounds {}", checks(&st, &log), st.transport(0).wounds);
    eprintln!("{:?}", all_legal(&st));
}

#[test]
fn probe_arquero_meta() {
    let m = json!({"name": "M", "ene": 2, "range": 3, "quality": 4, "traits": ["Bunkai"]});
    for t in [
        &["Cinético"][..],
        &["Cinético", "Profesión arquero"][..],
        &["Cinético", "Profesión gladiador"][..],
    ] {
        let mut st = range(with(t).meta(m.clone()), C::std(0, 0), 3);
        let log = play(&mut st, &["a1 meta m1 b1", "pass"], &[8]);
        eprintln!("{t:?} {:?}", checks(&st, &log));
    }
}
