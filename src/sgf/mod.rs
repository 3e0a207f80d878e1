//! SGF reading (the parts a GTP engine needs), building a game from it, and
//! writing.
//!
//! Reading keeps the root properties SZ, KM, HA, PB, PW, RE and RU, the setup
//! properties AB/AW/AE/PL (in the nodes before the first move) and the main
//! line of B/W moves: at every branch the first variation. Anything malformed
//! is an `Err` with a reason, never a panic: the input comes from users.
//!
//! `Game::from_sgf` turns a file's text into a game (setup, first player,
//! handicap recognised from HA and AB, the record replayed under the caller's
//! rules). It is defined here, not in `game`, because the game layer sits below
//! the file format; a refused file is an [`SgfError`] and no game.

mod read;

use crate::board::{Color, Move, Point};
use crate::game::{Game, SetupError, Turn};
use crate::rules::Rules;
use std::fmt::Write as _;

/// The parts of an SGF game record koban uses.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfGame {
    pub size: usize,
    pub komi: Option<f64>,
    pub handicap: usize,
    /// Setup before the first move: points (x from the left, y from the bottom)
    /// and what to put there (`None` empties the point).
    pub setup: Vec<((usize, usize), Option<Color>)>,
    player: Option<Color>,
    /// Main line moves; `None` is a pass. [`parse`] keeps them all; a load
    /// keeps only as many as the game may hold.
    pub moves: Vec<(Color, Option<(usize, usize)>)>,
    /// How many moves the main line has, kept or not.
    total_moves: usize,
    /// The players' names (PB, PW), Black's first, unescaped.
    players: [Option<String>; 2],
    /// The result (RE) as written, e.g. `B+R` or `W+3.5`.
    result: Option<String>,
    /// The rules (RU) as written, e.g. `Chinese` or koban's
    /// `koban:ko=geneva,scoring=area,...`.
    pub rules: Option<String>,
}

impl SgfGame {
    /// The name the record gives `color`'s player.
    pub fn player_name(&self, color: Color) -> Option<&str> {
        self.players[color.index()].as_deref()
    }

    /// The result (RE) as written.
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    /// The winner the result names (`B+...` or `W+...`); `None` for a draw,
    /// no result, a void game or an unknown one.
    pub(crate) fn winner(&self) -> Option<Color> {
        match self.result.as_deref()?.trim().get(..2)? {
            "B+" => Some(Color::Black),
            "W+" => Some(Color::White),
            _ => None,
        }
    }
}

/// Why an SGF text was refused, or could not become a game. The message says
/// what and where; `loadsgf` logs it and answers `cannot load file`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SgfError {
    /// Not well-formed SGF.
    Syntax(String),
    /// A property value that does not parse (point, color, size, komi).
    BadValue(String),
    /// Well-formed, but not a game koban can set up (another game, a board
    /// size, a rectangular board, setup after the first move).
    Unsupported(String),
    /// The setup stones make no position (a chain without liberties).
    Setup(SetupError),
    /// More turns to replay than the caller's limit.
    TooLong { limit: usize },
    /// The move with this number (1-based) is illegal under the caller's rules.
    IllegalMove(usize),
}

impl std::fmt::Display for SgfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SgfError::Syntax(m) | SgfError::BadValue(m) | SgfError::Unsupported(m) => {
                f.write_str(m)
            }
            SgfError::Setup(e) => write!(f, "bad setup: {e:?}"),
            SgfError::TooLong { limit } => write!(f, "more than {limit} turns"),
            SgfError::IllegalMove(n) => write!(f, "move {n} is illegal under the current rules"),
        }
    }
}

impl std::error::Error for SgfError {}

/// What [`Game::from_sgf`] takes from the caller rather than from the file.
#[derive(Copy, Clone, Debug)]
pub(crate) struct LoadOptions {
    /// The rules the game is played and replayed under (SGF `RU` is not read).
    pub(crate) rules: Rules,
    /// The komi when the file has no `KM`.
    pub(crate) komi: f64,
    /// Replay only the moves before this one (1-based, GTP `loadsgf FILE N`);
    /// `None` replays the whole main line.
    pub(crate) move_number: Option<usize>,
    /// The most turns the loaded record may hold ([`Game::MAX_TURNS`]).
    pub(crate) max_turns: usize,
}

impl Game {
    /// The game an SGF text records: its size and komi, the setup stones (as
    /// handicap when `HA` names exactly the Black setup stones, so `printsgf`
    /// writes them back as handicap), the first player (`PL`, else the first
    /// move's color, else Black) and the main line up to `options.move_number`,
    /// replayed under `options.rules`.
    pub(crate) fn from_sgf(text: &[u8], options: &LoadOptions) -> Result<Game, SgfError> {
        let record = read::parse_keeping(text, options.max_turns)?;
        let mut game = Game::new(record.size, options.rules);
        game.set_komi(record.komi.unwrap_or(options.komi));
        let board = game.board().clone();
        let setup: Vec<_> = record
            .setup
            .iter()
            .map(|&((x, y), s)| (board.point(x, y), s))
            .collect();
        game.setup(&setup).map_err(SgfError::Setup)?;
        let only_black_setup = setup.iter().all(|&(_, s)| s == Some(Color::Black));
        let first = record
            .player
            .or(record.moves.first().map(|m| m.0))
            .unwrap_or(Color::Black);
        game.set_first_player(first).map_err(SgfError::Setup)?;
        if record.handicap >= 2 && only_black_setup && setup.len() == record.handicap {
            // Record HA stones as the handicap they are, for printsgf.
            let points: Vec<Point> = setup.iter().map(|&(p, _)| p).collect();
            let mut with_handicap = Game::new(record.size, options.rules);
            with_handicap.set_komi(game.komi());
            if with_handicap.place_handicap(&points).is_ok() {
                if let Some(pl) = record.player {
                    let _ = with_handicap.set_first_player(pl);
                }
                game = with_handicap;
            }
        }
        // A move number past the turn limit is refused like a record past it,
        // whatever the file holds (docs/gtp.md).
        let limit = match options.move_number {
            None => record.total_moves,
            Some(n) => n.saturating_sub(1),
        };
        if limit > options.max_turns {
            return Err(SgfError::TooLong {
                limit: options.max_turns,
            });
        }
        let limit = limit.min(record.moves.len());
        let turns: Vec<Turn> = record.moves[..limit]
            .iter()
            .map(|&(color, at)| Turn {
                color,
                mv: at.map_or(Move::Pass, |(x, y)| Move::Play(board.point(x, y))),
            })
            .collect();
        // A loaded game is a controller's: it keeps undo checkpoints.
        game.keep_checkpoints();
        game.with_record(&turns)
            .map_err(|e| SgfError::IllegalMove(e.index + 1))
    }
}

/// Parses the first game of an SGF collection (the whole main line).
pub fn parse(text: &[u8]) -> Result<SgfGame, SgfError> {
    read::parse_keeping(text, usize::MAX)
}

fn sgf_coord(game: &Game, x: usize, y: usize) -> String {
    let size = game.size();
    format!(
        "{}{}",
        (b'a' + x as u8) as char,
        (b'a' + (size - 1 - y) as u8) as char
    )
}

/// Writes the game as SGF: P0 as setup (AB/AW, PL when White starts), then the
/// record. One node per line; no blank lines, so it can travel in a GTP response.
pub(crate) fn write(game: &Game) -> String {
    write_with_root(game, &[])
}

/// Escapes an SGF text value: `\\` and `]` get a backslash.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace(']', "\\]")
}

/// [`write()`] with extra root properties (identifier, unescaped value), such as
/// PB, PW, RE or C. One that [`write()`] also sets (AP, RU, ...) replaces its value.
/// A value with blank lines breaks the no-blank-line promise of [`write()`].
pub(crate) fn write_with_root(game: &Game, extra: &[(&str, String)]) -> String {
    write_annotated(game, extra, &[])
}

/// [`write_with_root`] with properties for the nodes: `nodes[0]` goes on the
/// root, `nodes[i]` on the node of the i-th move (e.g. a review's `SBKV` and
/// `C`); missing entries add nothing. Values are escaped.
pub(crate) fn write_annotated(
    game: &Game,
    extra: &[(&str, String)],
    nodes: &[Vec<(&str, String)>],
) -> String {
    let node_props = |i: usize| -> String {
        nodes
            .get(i)
            .map(|props| {
                props
                    .iter()
                    .map(|(id, v)| format!("{id}[{}]", escape(v)))
                    .collect()
            })
            .unwrap_or_default()
    };
    let p0 = game.p0();
    let mut out = String::new();
    let mut root: Vec<(&str, String)> = vec![
        ("FF", "4".into()),
        ("GM", "1".into()),
        ("CA", "UTF-8".into()),
        ("AP", format!("koban:{}", env!("CARGO_PKG_VERSION"))),
        ("SZ", game.size().to_string()),
        ("KM", game.komi().to_string()),
        ("RU", game.rules().sgf_name()),
    ];
    for (id, value) in extra {
        match root.iter_mut().find(|(k, _)| k == id) {
            Some(slot) => slot.1 = value.clone(),
            None => root.push((id, value.clone())),
        }
    }
    out.push_str("(;");
    for (id, value) in &root {
        let _ = write!(out, "{id}[{}]", escape(value));
    }
    if game.handicap() > 0 {
        let _ = write!(out, "HA[{}]", game.handicap());
    }
    for (color, tag) in [(Color::Black, "AB"), (Color::White, "AW")] {
        let points: Vec<String> = p0
            .points()
            .filter(|&p| p0.stone(p) == Some(color))
            .map(|p| {
                let (x, y) = p0.coords(p);
                format!("[{}]", sgf_coord(game, x, y))
            })
            .collect();
        if !points.is_empty() {
            let _ = write!(out, "{tag}{}", points.concat());
        }
    }
    if game.first_player() == Color::White
        || game
            .record()
            .first()
            .is_some_and(|t| t.color == Color::White)
    {
        let _ = write!(out, "PL[{}]", game.first_player().letter());
    }
    out.push_str(&node_props(0));
    for (i, turn) in game.record().iter().enumerate() {
        out.push('\n');
        let coord = match turn.mv {
            Move::Pass => String::new(),
            Move::Play(p) => {
                let (x, y) = p0.coords(p);
                sgf_coord(game, x, y)
            }
        };
        let _ = write!(out, ";{}[{}]", turn.color.letter(), coord);
        out.push_str(&node_props(i + 1));
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_setup_moves_and_main_line() {
        let text = b"(;GM[1]FF[4]SZ[9]KM[6.5]HA[2]AB[cc][gg]PL[W];W[ee];B[]\n(;W[dc])(;W[aa]))";
        let g = parse(text).unwrap();
        assert_eq!(g.size, 9);
        assert_eq!(g.komi, Some(6.5));
        assert_eq!(g.handicap, 2);
        // Setup comes one entry per point, bottom row first.
        assert_eq!(
            g.setup,
            vec![((6, 2), Some(Color::Black)), ((2, 6), Some(Color::Black))]
        );
        assert_eq!(g.player, Some(Color::White));
        assert_eq!(
            g.moves,
            vec![
                (Color::White, Some((4, 4))),
                (Color::Black, None),
                (Color::White, Some((3, 6)))
            ]
        );
    }

    #[test]
    fn players_and_result_come_from_the_root_unescaped() {
        // A comment that looks like a PB property must not be taken for one.
        let text = b"(;GM[1]SZ[9]C[PB[fake\\]]PB[a \\] b]PW[koban]RE[W+3.5];B[ee]PB[late])";
        let g = parse(text).unwrap();
        assert_eq!(g.player_name(Color::Black), Some("a ] b"));
        assert_eq!(g.player_name(Color::White), Some("koban"));
        assert_eq!(g.winner(), Some(Color::White));
        for (re, winner) in [
            ("B+R", Some(Color::Black)),
            ("W+T", Some(Color::White)),
            ("0", None),
            ("Draw", None),
            ("Void", None),
            ("?", None),
        ] {
            let text = format!("(;SZ[9]RE[{re}])");
            assert_eq!(parse(text.as_bytes()).unwrap().winner(), winner, "{re}");
        }
        let bare = parse(b"(;SZ[9];B[ee])").unwrap();
        assert_eq!(
            (bare.player_name(Color::Black), bare.winner()),
            (None, None)
        );
    }

    #[test]
    fn rectangles_and_escapes() {
        let g = parse(b"(;SZ[5]C[a \\] comment]AW[aa:bb])").unwrap();
        assert_eq!(g.setup.len(), 4);
    }

    #[test]
    fn extra_root_properties_are_escaped_and_override_defaults() {
        let mut g = Game::new(5, crate::rules::Rules::default());
        let c3 = crate::board::vertex::parse_point("C3", g.board()).unwrap();
        g.play(Color::Black, crate::board::Move::Play(c3)).unwrap();
        let plain = write(&g);
        assert_eq!(write_with_root(&g, &[]), plain);
        let text = write_with_root(
            &g,
            &[
                ("AP", "match:1".into()),
                ("PB", "a[1]".into()),
                ("C", "x\\y".into()),
            ],
        );
        assert!(
            text.starts_with("(;FF[4]GM[1]CA[UTF-8]AP[match:1]SZ[5]"),
            "{text}"
        );
        assert!(text.contains("PB[a[1\\]]C[x\\\\y]"), "{text}");
        let back = parse(text.as_bytes()).unwrap();
        assert_eq!(back.moves, vec![(Color::Black, Some((2, 2)))]);
    }

    #[test]
    fn errors_say_what_kind_of_problem() {
        assert!(matches!(parse(b"(;SZ["), Err(SgfError::Syntax(_))));
        assert!(matches!(parse(b"hello"), Err(SgfError::Syntax(_))));
        assert!(matches!(parse(b"(;SZ[x])"), Err(SgfError::BadValue(_))));
        assert!(matches!(parse(b"(;GM[2])"), Err(SgfError::Unsupported(_))));
        assert_eq!(
            parse(b"(;SZ[9];B[zz])").unwrap_err().to_string(),
            "point 'zz' off the 9x9 board"
        );
    }

    fn options(move_number: Option<usize>) -> LoadOptions {
        LoadOptions {
            rules: Rules::default(),
            komi: 7.5,
            move_number,
            max_turns: Game::MAX_TURNS,
        }
    }

    fn stones(game: &Game, color: Color) -> Vec<String> {
        let p0 = game.p0();
        p0.points()
            .filter(|&p| p0.stone(p) == Some(color))
            .map(|p| crate::board::vertex::format_point(p0, p))
            .collect()
    }

    #[test]
    fn from_sgf_sets_up_and_replays_the_main_line() {
        let text = b"(;GM[1]SZ[9]KM[0.5]AB[cc]AW[gg];B[ee];W[]\n(;B[dc])(;B[aa]))";
        let game = Game::from_sgf(text, &options(None)).unwrap();
        assert_eq!((game.size(), game.komi(), game.handicap()), (9, 0.5, 0));
        assert_eq!(stones(&game, Color::Black), ["C7"]);
        assert_eq!(stones(&game, Color::White), ["G3"]);
        assert_eq!(game.first_player(), Color::Black);
        let b = game.board();
        let at = |v| crate::board::vertex::parse_point(v, b).unwrap();
        assert_eq!(
            game.record(),
            [
                Turn {
                    color: Color::Black,
                    mv: Move::Play(at("E5"))
                },
                Turn {
                    color: Color::White,
                    mv: Move::Pass
                },
                Turn {
                    color: Color::Black,
                    mv: Move::Play(at("D7"))
                },
            ]
        );
        assert_eq!(b.stone(at("D7")), Some(Color::Black));
        // A move number stops before that move; no KM keeps the caller's komi.
        let text = b"(;SZ[9];W[ee];B[dc];W[cc])";
        let game = Game::from_sgf(text, &options(Some(3))).unwrap();
        assert_eq!(game.record().len(), 2);
        assert_eq!((game.first_player(), game.komi()), (Color::White, 7.5));
        assert_eq!(game.to_move(), Color::White);
    }

    #[test]
    fn from_sgf_refuses_with_a_typed_error() {
        let load = |text: &[u8], max_turns| {
            let options = LoadOptions {
                max_turns,
                ..options(None)
            };
            Game::from_sgf(text, &options).map(|_| ()).unwrap_err()
        };
        let max = Game::MAX_TURNS;
        assert!(matches!(load(b"(;SZ[9", max), SgfError::Syntax(_)));
        assert!(matches!(load(b"(;SZ[x])", max), SgfError::BadValue(_)));
        // A lone White stone in a Black corner has no liberty.
        assert_eq!(
            load(b"(;SZ[9]AB[ba][ab]AW[aa])", max),
            SgfError::Setup(SetupError::NoLiberties)
        );
        // B[ee] twice: the second is on a stone.
        let twice = b"(;SZ[9];B[ee];W[aa];B[ee])";
        assert_eq!(load(twice, max), SgfError::IllegalMove(3));
        assert_eq!(
            load(twice, max).to_string(),
            "move 3 is illegal under the current rules"
        );
        assert_eq!(load(twice, 2), SgfError::TooLong { limit: 2 });
        assert_eq!(load(twice, 2).to_string(), "more than 2 turns");
    }

    #[test]
    fn from_sgf_takes_ha_black_stones_as_handicap() {
        // HA[2] and exactly two Black setup stones: a handicap, White to move.
        let text = b"(;SZ[9]KM[0.5]HA[2]AB[cg][gc])";
        let game = Game::from_sgf(text, &options(None)).unwrap();
        assert_eq!(game.handicap(), 2);
        assert_eq!(stones(&game, Color::Black), ["C3", "G7"]);
        assert_eq!((game.first_player(), game.komi()), (Color::White, 0.5));
        assert!(write(&game).contains("HA[2]"));
        // PL overrides White's first move after the handicap.
        let text = b"(;SZ[9]HA[2]AB[cg][gc]PL[B])";
        let game = Game::from_sgf(text, &options(None)).unwrap();
        assert_eq!((game.handicap(), game.first_player()), (2, Color::Black));
        // Not the handicap: a count that differs from HA, or White stones too.
        // Then the stones are plain setup and Black starts unless PL says.
        for text in [
            &b"(;SZ[9]HA[3]AB[cg][gc])"[..],
            b"(;SZ[9]HA[2]AB[cg][gc]AW[ee])",
            b"(;SZ[9]HA[1]AB[cg])",
        ] {
            let game = Game::from_sgf(text, &options(None)).unwrap();
            let name = String::from_utf8_lossy(text);
            assert_eq!(game.handicap(), 0, "{name}");
            assert_eq!(game.first_player(), Color::Black, "{name}");
            assert!(!write(&game).contains("HA["), "{name}");
        }
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for bad in [
            &b""[..],
            b"hello",
            b"(",
            b"(;",
            b"(;SZ[",
            b"(;SZ[99])",
            b"(;SZ[0])",
            b"(;SZ[x])",
            b"(;GM[2])",
            b"(;SZ[9];B[zz])",
            b"(;SZ[9];B[a])",
            b"(;KM[nan])",
            b"(;SZ[9];B[aa];AB[bb])",
            b"(;SZ[9]B)",
            b"(;SZ[9]\xff\xfe[a])",
        ] {
            assert!(parse(bad).is_err(), "{}", String::from_utf8_lossy(bad));
        }
    }
}
