//! The rules panel: each game explained in the app's own words.

use crate::rules::variant::VariantId;

pub fn for_variant(id: VariantId) -> &'static str {
    match id {
        VariantId::Flaxman => FLAXMAN,
        VariantId::Tapestry => TAPESTRY,
        VariantId::Chakra => CHAKRA,
        VariantId::Glinski | VariantId::McCooey => HEX_CLASSICAL,
        id if id.is_three_player() => THREE_PLAYER,
        _ => ANGLOJEWISH,
    }
}

const FLAXMAN: &str = "\
Each side has a King and two Soldiers on the 36 points.
No man has a fixed move: a man jumps exactly as far as its two companions stand \
apart (straight-line distance), in any direction, over anything. A (4,3) length \
also allows the Pythagorean leap of (5,0).
Landing on an enemy Soldier captures it: the two men swap places and the victim \
becomes a Prisoner. Prisoners never move but still measure for their companions.
Landing on any Prisoner frees it: swap, and it is a Soldier again.
Only a King may capture its own Soldier. Nobody lands on a King.
A King is in check when an enemy King or Soldier could jump onto it; you may not \
leave yours in check. If every King and Soldier of yours has no point at its \
distance on the board (all pinned), it is a stalemate, even in check. Otherwise \
checkmate wins and no legal move out of check is a draw.";

const TAPESTRY: &str = "\
Chess on a 6×6 board of four colours and nine 2×2 territories, steered by three \
Fates on the five-square Loom (Opposition, Light, Nexus, Earth, Avoidance).
On your turn either move on the Tapestry or step one Fate to a neighbouring Loom \
square (Nexus touches every arm). You may not simply reverse the Loom step your \
opponent just made.
A Loom square with a Fate is active. Light: moves must change colour. Earth: \
moves must change territory. Nexus: no move longer than 3 squares; pawns move \
and capture as in chess. Knights ignore the Loom.
Pawns: Opposition lets them move or capture one step forward or sideways, \
Avoidance one step diagonally forward; with none of Opposition, Nexus, \
Avoidance active they cannot move. No castling, no double step; promotion to Q, \
R, B or N.
Check and mate as in chess, judged under the Loom after the move. A player with \
no legal move loses.";

const CHAKRA: &str = "\
Freeling's 8×8 game. Ape moves like a Knight, Samurai like King + Rook, Monk \
like King + Bishop. The Courtesan steps like a King and, when she sees her own \
King along a line, may slide along it.
Each side has two chakras: a vacant chakra moves like a Knight or one King step \
(its mode) and may flip mode. Any piece may stand on a chakra; your own chakras \
are transparent to your sliders, the enemy's stop them.
The Transmitter: a piece that could move onto its own vacant chakra may instead \
arrive on the other one, capturing an enemy piece there. A piece on its chakra \
may pass. Only a King captures the enemy Transmitter, by stepping onto a vacant \
enemy chakra: both leave the board.
Pawns step forward (two squares from their second rank, but never over an \
enemy chakra; no en passant), capture diagonally, and promote only to pieces \
their side has lost. Checkmate wins, stalemate draws.";

const HEX_CLASSICAL: &str = "\
Hexagonal chess on 91 cells in three colours. Rooks move along the six \
orthogonal lines, Bishops along the six diagonal lines (staying on their \
colour), the Queen both, the King one step either way, the Knight the √7 leap.
Pawns move one cell forward (two from their start), capture on the two \
half-forward orthogonals (Glinski) or forward diagonals (McCooey), take en \
passant, and promote on the far edge. Glinski scores stalemate ¾–¼.";

const ANGLOJEWISH: &str = "\
Gilman's Anglojewish Chess: the hex armies with curved pieces. The Finch makes \
up to four orthogonal steps turning the same way each time, the Rabbi the same \
with diagonal steps, the Cohen either; every cell on the way must be empty. The \
Sennight makes the √7 leap, the General steps one cell orthogonally and is royal.
The pawn-like piece (Point, Migrant, Broker or Corporal) steps forward and \
captures in its own directions; double steps and en passant follow the layout. \
Stalemate is a draw.";

const THREE_PLAYER: &str = "\
Three-player Anglojewish Chess: Red, White and Black, each the Anglojewish army \
turned toward the centre, move in turn, Red first. Pieces move as in the \
two-player game; each army's pawn-like pieces go forward from its own corner.
After every move, the next player eliminates each other player whose General it \
attacks: that army leaves the board, and the elimination repeats if a removed \
army opens another line. A player with no legal move must pass. With two players \
left, checkmate wins (the second checkmate) and stalemate is a draw between them. \
En passant is only for the player moving right after the double step.";
