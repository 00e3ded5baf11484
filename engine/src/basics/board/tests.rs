//! Tests of the board: parsing, line of sight, cover and movement.

use super::reach::*;
use super::*;

#[test]
fn step_table_is_facing_order() {
    for (f, &(dx, dy)) in Facing::ALL.iter().zip(STEPS.iter()) {
        let (ex, ey) = f.delta();
        assert_eq!((dx, dy), (ex as i16, ey as i16), "{f:?}");
    }
}

fn board(rows: &[&str]) -> Board {
    let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    Board::from_rows(&rows, 3).unwrap()
}

fn parse_err(rows: &[&str]) -> BoardError {
    let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    Board::from_rows(&rows, 3).unwrap_err()
}

pub(super) fn p(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

fn reach(
    b: &Board,
    from: Pos,
    max: u8,
    flags: &[u8],
    crouched: bool,
    zone_end: bool,
) -> Vec<Reach> {
    let mut sc = MoveScratch::new();
    let mut out = Vec::new();
    b.reachable(from, max, flags, crouched, zone_end, &mut sc, &mut out);
    out
}

fn find(r: &[Reach], q: Pos) -> Option<(u8, u8)> {
    r.iter()
        .find(|x| x.pos == q)
        .map(|x| (x.steps, x.surcharge))
}

/// Tiny deterministic LCG (Knuth MMIX constants).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
}

#[test]
fn terrain_symbols_round_trip() {
    for t in Terrain::ALL {
        assert_eq!(Terrain::from_symbol(t.symbol()), Some(t));
    }
    assert_eq!(Terrain::from_symbol('x'), None);
    assert_eq!(Terrain::Easy.surcharge(), Some(0));
    assert_eq!(Terrain::LowObstacle.surcharge(), Some(1));
    assert_eq!(Terrain::Extreme.surcharge(), Some(2));
    assert_eq!(Terrain::Wall.surcharge(), None);
    assert!(Terrain::HighObstacle.blocks_sight() && !Terrain::LowObstacle.blocks_sight());
    assert!(Terrain::LowObstacle.gives_cover() && !Terrain::Difficult.gives_cover());
}

#[test]
fn parse_print_round_trip() {
    let rows = ["..,~.", "oH#..", "~~,,o"];
    let b = board(&rows);
    assert_eq!(
        (b.width(), b.height(), b.len(), b.cover_def()),
        (5, 3, 15, 3)
    );
    assert_eq!(b.to_rows(), rows.to_vec());
    assert_eq!(b.terrain(p(1, 1)), Terrain::HighObstacle);
    assert_eq!(b.terrain(p(3, 0)), Terrain::Extreme);
    assert_eq!(b.index(p(2, 1)), 7);
    assert_eq!(b.pos(7), p(2, 1));
    assert!(b.contains(4, 2) && !b.contains(5, 0) && !b.contains(-1, 0) && !b.contains(0, 3));
    assert!(b.passable(p(4, 2)) && !b.passable(p(2, 1)) && !b.passable(p(1, 1)));
    assert_eq!(Board::from_rows(&b.to_rows(), 3).unwrap(), b);
    assert_eq!(b.to_string(), "..,~.\noH#..\n~~,,o\n");
}

#[test]
fn parse_errors_name_the_place() {
    assert_eq!(parse_err(&[]), BoardError::Empty);
    assert_eq!(parse_err(&[]).to_string(), "board has no rows");

    let e = parse_err(&["...", "...", ".."]);
    assert_eq!(
        e,
        BoardError::RaggedRow {
            row: 2,
            expected: 3,
            found: 2
        }
    );
    assert_eq!(e.to_string(), "board row 2 has 2 squares but row 0 has 3");

    let e = parse_err(&["...", "..x"]);
    assert_eq!(
        e,
        BoardError::UnknownSymbol {
            row: 1,
            col: 2,
            symbol: 'x'
        }
    );
    assert_eq!(
        e.to_string(),
        "unknown terrain symbol 'x' at board row 1, column 2 (expected one of . , ~ o H #)"
    );

    let wide = ".".repeat(65);
    let e = parse_err(&[&wide, &wide]);
    assert_eq!(
        e,
        BoardError::TooLarge {
            width: 65,
            height: 2
        }
    );
    assert_eq!(e.to_string(), "board is 65x2 squares; the maximum is 64x64");

    let e = parse_err(&["...."]);
    assert_eq!(
        e,
        BoardError::TooSmall {
            width: 4,
            height: 1
        }
    );
    assert_eq!(e.to_string(), "board is 4x1 squares; the minimum is 2x2");

    let tall: Vec<&str> = vec!["."; 65];
    // Both too narrow and too tall: "too large" is reported first.
    assert_eq!(
        parse_err(&tall),
        BoardError::TooLarge {
            width: 1,
            height: 65
        }
    );
    // 64x64 is fine.
    let ok = ".".repeat(64);
    let rows: Vec<String> = vec![ok; 64];
    assert_eq!(Board::from_rows(&rows, 0).unwrap().len(), 4096);
    let _: &dyn std::error::Error = &e;
}

#[test]
fn line_of_sight_walls_and_low_obstacles() {
    let b = board(&[".....", "..#..", "....."]);
    assert!(!b.line_of_sight(p(0, 1), p(4, 1)));
    assert!(!b.line_of_sight(p(4, 1), p(0, 1)));
    assert!(b.line_of_sight(p(0, 0), p(4, 0)));
    assert!(!b.line_of_sight(p(1, 1), p(3, 1)));
    // Adjacent squares always see each other.
    assert!(b.line_of_sight(p(1, 1), p(2, 0)));
    let b = board(&[".....", "..o..", "....."]);
    assert!(b.line_of_sight(p(0, 1), p(4, 1)));
    let b = board(&[".....", "..H..", "....."]);
    assert!(!b.line_of_sight(p(0, 1), p(4, 1)));
    let mut v = Vec::new();
    b.squares_on_line(p(0, 1), p(4, 1), &mut v);
    assert_eq!(v, vec![p(1, 1), p(2, 1), p(3, 1)]);
    // Shallow line: centres (1,1) and (9,3) in doubled coordinates; it crosses into row 1
    // at doubled x = 5, the middle of column 2, so both (2,0) and (2,1) are crossed.
    b.squares_on_line(p(0, 0), p(4, 1), &mut v);
    assert_eq!(v, vec![p(1, 0), p(2, 0), p(2, 1), p(3, 1)]);
    assert!(!b.line_of_sight(p(0, 0), p(4, 1)));
    assert!(b.line_of_sight(p(0, 0), p(4, 0)));
}

#[test]
fn line_of_sight_corner_rule() {
    // Walls at (2,1) and (1,2) meet at a corner on the main diagonal.
    let b = board(&["....", "..#.", ".#..", "...."]);
    let mut v = Vec::new();
    b.squares_on_line(p(0, 0), p(3, 3), &mut v);
    assert_eq!(v, vec![p(1, 1), p(2, 2)]);
    assert!(!b.line_of_sight(p(0, 0), p(3, 3)));
    assert!(!b.line_of_sight(p(3, 3), p(0, 0)));
    // Only one of the two: the diagonal gap is open.
    let b = board(&["....", "..#.", "....", "...."]);
    assert!(b.line_of_sight(p(0, 0), p(3, 3)));
    assert!(b.line_of_sight(p(3, 3), p(0, 0)));
    // Along the walls' own diagonal the squares themselves block.
    let b = board(&["....", "..#.", ".#..", "...."]);
    assert!(!b.line_of_sight(p(0, 3), p(3, 0)));
    // Diagonally adjacent across two wall corners: still in sight (adjacent).
    let b = board(&[".#..", "#...", "....", "...."]);
    assert!(b.line_of_sight(p(0, 0), p(1, 1)));
    assert!(!b.line_of_sight(p(0, 0), p(2, 2)));
}

#[test]
fn line_of_sight_is_symmetric() {
    let mut rng = Lcg(0x5eed);
    for _round in 0..8 {
        let mut b = Board::new(10, 10, 2).unwrap();
        for i in 0..b.len() {
            let t = match rng.next() % 10 {
                0 | 1 => Terrain::Wall,
                2 => Terrain::HighObstacle,
                3 => Terrain::LowObstacle,
                _ => Terrain::Easy,
            };
            b.set_terrain(b.pos(i), t);
        }
        let (mut v, mut w) = (Vec::new(), Vec::new());
        let mut blocked = 0;
        for i in 0..b.len() {
            for j in 0..b.len() {
                let (a, c) = (b.pos(i), b.pos(j));
                let los = b.line_of_sight(a, c);
                assert_eq!(los, b.line_of_sight(c, a), "{a} {c}");
                let _ = b.cover(a, c);
                blocked += usize::from(!los);
                b.squares_on_line(a, c, &mut v);
                b.squares_on_line(c, a, &mut w);
                w.reverse();
                assert_eq!(v, w, "{a} {c}");
            }
        }
        assert!(blocked > 0);
    }
}

/// The precomputed rows agree with the definition (some neighbour gives cover) on every
/// square of boards of every terrain, edited square by square.
#[test]
fn cover_adjacent_rows_match_the_neighbours() {
    let mut b = Board::new(9, 7, 1).unwrap();
    let mut k = 7usize;
    for round in 0..40 {
        for y in 0..7u8 {
            for x in 0..9u8 {
                let brute = Facing::ALL
                    .iter()
                    .filter_map(|&f| b.step(p(x, y), f))
                    .any(|q| b.terrain(q).gives_cover());
                assert_eq!(b.cover_adjacent(p(x, y)), brute, "round {round} at {x},{y}");
            }
        }
        k = (k * 31 + 11) % 997;
        let t = Terrain::ALL[k % Terrain::ALL.len()];
        b.set_terrain(p((k % 9) as u8, (k / 9 % 7) as u8), t);
    }
    assert!(!b.cover_adjacent(p(9, 0)) && !b.cover_adjacent(p(0, 7)));
}

#[test]
fn cover_cases() {
    let b = board(&[".......", "...o...", "......."]);
    // Obstacle adjacent to the target, far from the attacker.
    assert!(b.cover(p(0, 1), p(4, 1)));
    // Obstacle 3 K from the target: no cover.
    assert!(!b.cover(p(0, 1), p(6, 1)));
    // Attacker leaning on the obstacle (2 K apart): no cover.
    assert!(!b.cover(p(2, 1), p(4, 1)));
    // Seen from the side: the obstacle is not on the line.
    assert!(!b.cover(p(4, 0), p(4, 2)));
    assert!(b.cover_adjacent(p(4, 2)));
    assert!(!b.cover_adjacent(p(6, 1)));
    assert!(!b.cover_adjacent(p(0, 0)));

    // Corner: low obstacles at (2,1) and (1,2) shelter a target at (2,2) from (0,0) only
    // together, and they are both adjacent to the target and not the attacker.
    let b = board(&["....", "..o.", ".o..", "...."]);
    assert!(b.cover(p(0, 0), p(2, 2)));
    let b = board(&["....", "..o.", "....", "...."]);
    assert!(!b.cover(p(0, 0), p(2, 2)));
    assert!(b.line_of_sight(p(0, 0), p(2, 2)));
}

#[test]
fn field_of_view() {
    let b = board(&[".....", "..#..", "....."]);
    assert!(b.in_field_of_view(p(0, 0), Facing::E, p(4, 0), 5));
    assert!(!b.in_field_of_view(p(0, 0), Facing::E, p(4, 0), 3));
    assert!(!b.in_field_of_view(p(4, 0), Facing::E, p(0, 0), 5));
    assert!(b.in_field_of_view(p(0, 0), Facing::N, p(4, 0), 5));
    assert!(!b.in_field_of_view(p(0, 1), Facing::E, p(4, 1), 5));
}

#[test]
fn straight_line_beyond_climb() {
    let b = board(&["....", "..H.", "....", "...."]);
    assert_eq!(b.straight_line_beyond(p(1, 1), p(2, 1)), Some(p(3, 1)));
    assert_eq!(b.straight_line_beyond(p(1, 0), p(2, 1)), Some(p(3, 2)));
    assert_eq!(b.straight_line_beyond(p(2, 1), p(3, 1)), None);
    assert_eq!(b.straight_line_beyond(p(1, 1), p(0, 0)), None);
    assert_eq!(b.straight_line_beyond(p(0, 0), p(2, 2)), None);
}

#[test]
fn open_field_two_steps() {
    let b = Board::new(7, 7, 0).unwrap();
    let flags = vec![0u8; b.len()];
    let r = reach(&b, p(3, 3), 2, &flags, false, false);
    assert_eq!(r.len(), 24);
    assert!(r.iter().all(|x| x.surcharge == 0));
    assert_eq!(r.iter().filter(|x| x.steps == 1).count(), 8);
    assert_eq!(r.iter().filter(|x| x.steps == 2).count(), 16);
    assert!(r.iter().all(|x| x.steps == x.pos.dist(p(3, 3))));
    assert!(find(&r, p(3, 3)).is_none());
    // Deterministic order (y, x).
    let mut sorted = r.clone();
    sorted.sort_by_key(|x| (x.pos.y, x.pos.x));
    assert_eq!(r, sorted);
    assert_eq!(r[0].pos, p(1, 1));
    assert_eq!(r[23].pos, p(5, 5));
    // Corner of the board: fewer squares.
    let r = reach(&b, p(0, 0), 1, &flags, false, false);
    assert_eq!(
        r.iter().map(|x| x.pos).collect::<Vec<_>>(),
        vec![p(1, 0), p(0, 1), p(1, 1)]
    );
    assert!(reach(&b, p(3, 3), 0, &flags, false, false).is_empty());
}

#[test]
fn difficult_terrain_and_detours() {
    let b = board(&[
        ".....", "..,..", "..,..", "..,..", "..,..", "..,..", ".....",
    ]);
    let flags = vec![0u8; b.len()];
    // The easy detour round the difficult column takes 6 steps.
    let r = reach(&b, p(0, 3), 4, &flags, false, false);
    assert_eq!(find(&r, p(4, 3)), Some((4, 1)));
    assert_eq!(find(&r, p(2, 3)), Some((2, 1)));
    assert_eq!(find(&r, p(1, 3)), Some((1, 0)));
    assert_eq!(find(&r, p(2, 0)), Some((3, 0)));
    let r = reach(&b, p(0, 3), 6, &flags, false, false);
    assert_eq!(find(&r, p(4, 3)), Some((6, 0)));
    assert_eq!(find(&r, p(3, 3)), Some((6, 0)));
    assert_eq!(find(&r, p(2, 3)), Some((2, 1)));

    let mut sc = MoveScratch::new();
    let mut path = Vec::new();
    assert!(b.path_to(
        p(0, 3),
        p(4, 3),
        6,
        &flags,
        false,
        false,
        &mut sc,
        &mut path
    ));
    assert_eq!(path.len(), 6);
    assert!(path.iter().all(|&q| b.terrain(q) == Terrain::Easy));
    assert_eq!(path.last(), Some(&p(4, 3)));
    let again = path.clone();
    assert!(b.path_to(
        p(0, 3),
        p(4, 3),
        6,
        &flags,
        false,
        false,
        &mut sc,
        &mut path
    ));
    assert_eq!(path, again);
    assert!(b.path_to(
        p(0, 3),
        p(4, 3),
        4,
        &flags,
        false,
        false,
        &mut sc,
        &mut path
    ));
    assert_eq!(path.len(), 4);
    assert_eq!(
        path.iter()
            .filter(|&&q| b.terrain(q) == Terrain::Difficult)
            .count(),
        1
    );
    assert!(!b.path_to(
        p(0, 3),
        p(4, 3),
        3,
        &flags,
        false,
        false,
        &mut sc,
        &mut path
    ));
    assert!(path.is_empty());
    assert!(!b.path_to(
        p(0, 3),
        p(0, 3),
        3,
        &flags,
        false,
        false,
        &mut sc,
        &mut path
    ));

    // Extreme terrain and obstacles.
    let b = board(&["~o.", "...", "..#"]);
    let flags = vec![0u8; b.len()];
    let r = reach(&b, p(1, 1), 1, &flags, false, false);
    assert_eq!(find(&r, p(0, 0)), Some((1, 2)));
    assert_eq!(find(&r, p(1, 0)), Some((1, 1)));
    assert_eq!(find(&r, p(2, 2)), None);
    assert_eq!(r.len(), 7);
}

#[test]
fn diagonal_needs_both_sides_free() {
    let b = board(&[".#.", "#..", "..."]);
    let flags = vec![0u8; b.len()];
    assert!(reach(&b, p(0, 0), 5, &flags, false, false).is_empty());
    // One wall at a side is enough to close the diagonal.
    let b = board(&[".#.", "...", "..."]);
    let flags = vec![0u8; b.len()];
    let r = reach(&b, p(0, 0), 1, &flags, false, false);
    assert_eq!(r.iter().map(|x| x.pos).collect::<Vec<_>>(), vec![p(0, 1)]);
    assert_eq!(
        find(&reach(&b, p(0, 0), 2, &flags, false, false), p(1, 1)),
        Some((2, 0))
    );
    // A base at a side also closes it...
    let b = Board::new(3, 3, 0).unwrap();
    let mut flags = vec![0u8; b.len()];
    flags[b.index(p(0, 1))] = OCCUPIED;
    let r = reach(&b, p(0, 0), 1, &flags, false, false);
    assert_eq!(r.iter().map(|x| x.pos).collect::<Vec<_>>(), vec![p(1, 0)]);
    // ...but an enemy zone does not (the zone square itself stays closed).
    flags[b.index(p(0, 1))] = ZONE;
    let r = reach(&b, p(0, 0), 1, &flags, false, false);
    assert_eq!(
        r.iter().map(|x| x.pos).collect::<Vec<_>>(),
        vec![p(1, 0), p(1, 1)]
    );
    // A low obstacle at a side is passable terrain, so the diagonal is open.
    let b = board(&[".o.", "...", "..."]);
    let flags = vec![0u8; b.len()];
    assert_eq!(
        find(&reach(&b, p(0, 0), 1, &flags, false, false), p(1, 1)),
        Some((1, 0))
    );
}

#[test]
fn occupied_and_zone() {
    let b = board(&[".....", "#####"]);
    let mut flags = vec![0u8; b.len()];
    flags[b.index(p(2, 0))] = OCCUPIED;
    let r = reach(&b, p(0, 0), 4, &flags, false, false);
    assert_eq!(
        r,
        vec![Reach {
            pos: p(1, 0),
            steps: 1,
            surcharge: 0
        }]
    );
    let r = reach(&b, p(0, 0), 4, &flags, false, true);
    assert_eq!(r.len(), 1);

    flags[b.index(p(2, 0))] = ZONE;
    let r = reach(&b, p(0, 0), 4, &flags, false, false);
    assert_eq!(r.iter().map(|x| x.pos).collect::<Vec<_>>(), vec![p(1, 0)]);
    let r = reach(&b, p(0, 0), 4, &flags, false, true);
    assert_eq!(
        r.iter().map(|x| x.pos).collect::<Vec<_>>(),
        vec![p(1, 0), p(2, 0)]
    );
    let mut sc = MoveScratch::new();
    let mut path = Vec::new();
    assert!(b.path_to(p(0, 0), p(2, 0), 4, &flags, false, true, &mut sc, &mut path));
    assert_eq!(path, vec![p(1, 0), p(2, 0)]);
    assert!(!b.path_to(p(0, 0), p(3, 0), 4, &flags, false, true, &mut sc, &mut path));
    assert!(!b.path_to(
        p(0, 0),
        p(2, 0),
        4,
        &flags,
        false,
        false,
        &mut sc,
        &mut path
    ));

    // Starting inside a zone is allowed: the mover may leave it.
    let mut flags = vec![0u8; b.len()];
    flags[b.index(p(2, 0))] = ZONE;
    flags[b.index(p(1, 0))] = ZONE;
    let r = reach(&b, p(2, 0), 2, &flags, false, false);
    assert_eq!(
        r.iter().map(|x| x.pos).collect::<Vec<_>>(),
        vec![p(3, 0), p(4, 0)]
    );
}

#[test]
fn crouched_easy_is_difficult() {
    let b = board(&["...", ".,.", "..~"]);
    let flags = vec![0u8; b.len()];
    let r = reach(&b, p(0, 0), 1, &flags, true, false);
    assert_eq!(r.len(), 3);
    assert!(r.iter().all(|x| x.surcharge == 1));
    let r = reach(&b, p(0, 0), 2, &flags, true, false);
    assert_eq!(find(&r, p(2, 2)), Some((2, 2)));
    assert_eq!(find(&r, p(2, 0)), Some((2, 1)));
    let r = reach(&b, p(0, 0), 2, &flags, false, false);
    assert_eq!(find(&r, p(1, 1)), Some((1, 1)));
    assert_eq!(find(&r, p(2, 0)), Some((2, 0)));
}

#[test]
fn scratch_is_reusable_across_boards_and_calls() {
    let big = Board::new(12, 9, 0).unwrap();
    let small = board(&["..,", "...", "#.."]);
    let mut sc = MoveScratch::new();
    let (mut o1, mut o2) = (Vec::new(), Vec::new());
    let fb = vec![0u8; big.len()];
    let fs = vec![0u8; small.len()];
    for _ in 0..3 {
        big.reachable(p(5, 5), 3, &fb, false, false, &mut sc, &mut o1);
        assert_eq!(o1.len(), 48);
        small.reachable(p(0, 0), 3, &fs, false, false, &mut sc, &mut o2);
        assert_eq!(o2.len(), 7);
        assert_eq!(find(&o2, p(2, 0)), Some((2, 1)));
    }
    let mut fresh = Vec::new();
    small.reachable(
        p(0, 0),
        3,
        &fs,
        false,
        false,
        &mut MoveScratch::new(),
        &mut fresh,
    );
    assert_eq!(o2, fresh);
}

#[test]
fn flag_bits_reads_every_column() {
    for w in 1..=64usize {
        for k in 0..w {
            for f in [OCCUPIED, ZONE, OCCUPIED | ZONE, 0x80 | ZONE] {
                let mut row = vec![0u8; w];
                row[k] = f;
                let bit = 1u64 << k;
                let expect = (
                    if f & OCCUPIED != 0 { bit } else { 0 },
                    if f & ZONE != 0 { bit } else { 0 },
                );
                assert_eq!(flag_bits(&row), expect, "w {w} column {k} flags {f}");
            }
        }
        let full = vec![OCCUPIED | ZONE; w];
        let all = if w == 64 { u64::MAX } else { (1 << w) - 1 };
        assert_eq!(flag_bits(&full), (all, all));
    }
}

#[test]
fn sight_and_cover_across_heights_are_the_flat_ones_on_flat_ground() {
    // Every terrain mix, every pair: feet at 0 on a flat board give the flat answers; raised
    // terrain keeps sight symmetric.
    let mut rng = Lcg(0xa17);
    for round in 0..6 {
        let mut b = Board::new(9, 9, 2).unwrap();
        for i in 0..b.len() {
            let t = match rng.next() % 10 {
                0 => Terrain::Wall,
                1 | 2 => Terrain::HighObstacle,
                3 | 4 => Terrain::LowObstacle,
                5 => Terrain::Water,
                _ => Terrain::Easy,
            };
            b.set_terrain(b.pos(i), t);
        }
        for i in 0..b.len() {
            for j in 0..b.len() {
                let (a, c) = (b.pos(i), b.pos(j));
                assert_eq!(
                    b.line_of_sight_at(a, 0, c, 0),
                    b.line_of_sight(a, c),
                    "{a} {c}"
                );
                assert_eq!(b.cover_at(a, 0, c, 0), b.cover(a, c), "{a} {c}");
            }
        }
        // Raise some squares: sight stays symmetric for bases standing on them.
        for i in 0..b.len() {
            if rng.next().is_multiple_of(4) {
                b.set_terrain_height(b.pos(i), (rng.next() % 5) as u8);
            }
        }
        assert!(b.has_heights() || round > 100);
        for i in 0..b.len() {
            for j in 0..b.len() {
                let (a, c) = (b.pos(i), b.pos(j));
                let (fa, fc) = (b.terrain_height(a) as u16, b.terrain_height(c) as u16);
                assert_eq!(
                    b.line_of_sight_at(a, fa, c, fc),
                    b.line_of_sight_at(c, fc, a, fa),
                    "{a} {c}"
                );
            }
        }
    }
}

#[test]
fn terrain_heights_parse_and_write_back() {
    let mut b = board(&["...", "..."]);
    let rows = |r: &[&str]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    b.set_heights(&rows(&["012", "900"])).unwrap();
    assert_eq!(b.terrain_height(p(2, 0)), 2);
    assert_eq!(b.terrain_height(p(0, 1)), 9);
    assert_eq!(b.heights_rows(), Some(rows(&["012", "900"])));
    assert_eq!(
        b.set_heights(&rows(&["012", "9x0"]))
            .unwrap_err()
            .to_string(),
        "terrain height 'x' at board row 1, column 1 is not a height in K (expected a digit 0..=9)"
    );
    b.set_heights(&rows(&["000", "000"])).unwrap();
    assert!(!b.has_heights() && b.heights_rows().is_none());
    assert_eq!(lift(1), 0);
    assert_eq!(lift(2), 3);
    assert!(lift(3) > 3 + MAX_TERRAIN_HEIGHT as u16 && lift(4) > lift(3));
}
