use variantarium::rules::Position;
use variantarium::rules::flaxman::Flaxman;
use variantarium::rules::perft::perft;

#[test]
fn perft_from_the_start() {
    let expected = [1, 7, 47, 332, 2236, 16316, 117333];
    for (depth, &nodes) in expected.iter().enumerate() {
        let mut pos = Flaxman::start(&());
        assert_eq!(perft(&mut pos, depth as u32), nodes, "depth {depth}");
    }
}
