use engine::*;

#[test]
fn random_games_terminate() {
    let st0 = wartime_tests::load("duel.json");
    let mut buf = Vec::new();
    for seed in 0..200u64 {
        let mut st = st0.clone();
        let mut d = SeededDice::new(seed);
        let mut r = SeededDice::new(seed ^ 0xdead);
        let mut n = 0;
        while !st.is_terminal() {
            st.legal_actions(&mut buf);
            assert!(
                !buf.is_empty(),
                "no legal actions: {}",
                st.describe_decision()
            );
            let k = (r.d100() as usize * 7919 + n) % buf.len();
            let a = buf[k];
            let mut log = Log::off();
            st.apply(&a, &mut d, &mut log).unwrap();
            n += 1;
            assert!(n < 100_000);
        }
    }
}

#[test]
#[ignore]
fn print_one_game() {
    use engine::basics::check::EventText;
    let mut st = wartime_tests::load("duel.json");
    let mut buf = Vec::new();
    let mut d = SeededDice::new(3);
    let mut r = SeededDice::new(4);
    let mut n = 0;
    while !st.is_terminal() && n < 400 {
        st.legal_actions(&mut buf);
        let k = (r.d100() as usize * 7919 + n) % buf.len();
        let a = buf[k];
        let mut log = Log::recording();
        println!(
            "[{}] {} ->   ({} legal)",
            st.describe_decision(),
            st.notation(&a),
            buf.len()
        );
        st.apply(&a, &mut d, &mut log).unwrap();
        for e in &log.events {
            println!(
                "    {}",
                EventText {
                    event: e,
                    roster: &st
                }
            );
        }
        n += 1;
    }
}
