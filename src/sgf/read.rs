//! Reading an SGF text in one pass, in time linear in its length and memory
//! bounded by what is kept, never by what is skipped.
//!
//! Nothing is stored per node or per property: each property of the main line
//! is acted on as it is read, and a value is copied only when koban keeps it
//! (root names and result; setup points and moves are decoded in place). So a
//! file of millions of comments or variations costs no more than its text.
//! Game trees are walked with an explicit stack, not recursion, so depth costs
//! a few bytes a level, not a stack frame.
//!
//! Setup points (AB/AW/AE, compressed `aa:ss` rectangles included) go into a
//! grid of the board's points, later values overwriting earlier ones as the
//! stones they stand for would: a point list costs its length plus at most one
//! row fill per rectangle row, and the setup the game sees has at most one entry
//! per point. Moves past the caller's `keep` are checked and counted, not kept.
//!
//! The root node is read twice: once for its size (a root may name `AB` before
//! `SZ`), then for its setup and moves.

use super::{SgfError, SgfGame};
use crate::board::{Color, MAX_SIZE};

/// The deepest nesting of game trees accepted.
const MAX_DEPTH: usize = 10_000;

/// A property identifier: its capital letters (FF\[3\]-era lowercase letters are
/// ignored), at most the two koban reads; longer ones match nothing it reads.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Ident([u8; 2], usize);

impl Ident {
    fn is(&self, name: &[u8]) -> bool {
        self.1 == name.len() && &self.0[..self.1] == name
    }
}

/// A value as it stands in the text: between the brackets, escapes included.
#[derive(Copy, Clone)]
struct Raw<'a>(&'a [u8]);

impl Raw<'_> {
    /// The value with its escapes resolved (`\]` is `]`, `\\` is `\`).
    fn text(&self) -> String {
        let mut out = Vec::with_capacity(self.0.len());
        let mut i = 0;
        while i < self.0.len() {
            if self.0[i] == b'\\' {
                i += 1;
            }
            if let Some(&c) = self.0.get(i) {
                out.push(c);
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn peek(&mut self) -> Option<u8> {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        self.text.get(self.pos).copied()
    }

    /// The next property of the current node, or `None` at the node's end.
    fn property(&mut self) -> Result<Option<Ident>, SgfError> {
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() => {}
            _ => return Ok(None),
        }
        let mut ident = Ident([0; 2], 0);
        let mut capitals = 0usize;
        while let Some(&c) = self.text.get(self.pos) {
            if c.is_ascii_uppercase() {
                if capitals < 2 {
                    ident.0[capitals] = c;
                }
                capitals += 1;
            } else if !c.is_ascii_lowercase() {
                break;
            }
            self.pos += 1;
        }
        // Three capitals or more name nothing koban reads.
        ident.1 = if capitals > 2 { 3 } else { capitals };
        if self.peek() != Some(b'[') {
            let name = String::from_utf8_lossy(&ident.0[..ident.1.min(2)]).into_owned();
            return Err(SgfError::Syntax(format!("property {name} without a value")));
        }
        Ok(Some(ident))
    }

    /// The next value of the current property, or `None` after its last.
    fn value(&mut self) -> Result<Option<Raw<'a>>, SgfError> {
        if self.peek() != Some(b'[') {
            return Ok(None);
        }
        let start = self.pos + 1;
        let mut i = start;
        loop {
            match self.text.get(i) {
                None => return Err(SgfError::Syntax("unterminated property value".into())),
                Some(b']') => break,
                Some(b'\\') => i += 2,
                Some(_) => i += 1,
            }
        }
        self.pos = i + 1;
        Ok(Some(Raw(&self.text[start..i])))
    }
}

/// A game tree being read: whether it is on the main line, how many nodes it
/// has, and whether a variation of it has begun (after which no node may come).
struct Tree {
    main: bool,
    nodes: usize,
    branched: bool,
}

/// The root properties koban keeps (first value, first occurrence).
#[derive(Default)]
struct Root<'a> {
    gm: Option<Raw<'a>>,
    sz: Option<Raw<'a>>,
    km: Option<Raw<'a>>,
    ha: Option<Raw<'a>>,
    pb: Option<Raw<'a>>,
    pw: Option<Raw<'a>>,
    re: Option<Raw<'a>>,
    ru: Option<Raw<'a>>,
}

/// What the main line's nodes build: moves, setup grid, first player.
struct Line {
    size: usize,
    keep: usize,
    moves: Vec<(Color, Option<(usize, usize)>)>,
    total_moves: usize,
    /// Per point (x + y * size): 0 untouched, else 1 + the setup code.
    grid: Vec<u8>,
    player: Option<Color>,
}

const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EMPTY: u8 = 3;

impl Line {
    fn property(&mut self, ident: Ident, reader: &mut Reader) -> Result<(), SgfError> {
        let color = if ident.is(b"B") {
            Some(Color::Black)
        } else if ident.is(b"W") {
            Some(Color::White)
        } else {
            None
        };
        if let Some(c) = color {
            let Some(v) = reader.value()? else {
                unreachable!("a property has a value")
            };
            let at = sgf_point(&v.text(), self.size)?;
            if self.moves.len() < self.keep {
                self.moves.push((c, at));
            }
            self.total_moves += 1;
            return skip_values(reader);
        }
        if ident.is(b"PL") {
            let Some(v) = reader.value()? else {
                unreachable!("a property has a value")
            };
            if self.total_moves == 0 {
                self.player = Some(sgf_color(&v.text())?);
            }
            return skip_values(reader);
        }
        let code = if ident.is(b"AB") {
            BLACK
        } else if ident.is(b"AW") {
            WHITE
        } else if ident.is(b"AE") {
            EMPTY
        } else {
            return skip_values(reader);
        };
        if self.total_moves > 0 {
            return Err(SgfError::Unsupported(
                "setup after the first move is not supported".into(),
            ));
        }
        while let Some(v) = reader.value()? {
            self.setup(&v, code)?;
        }
        Ok(())
    }

    /// Marks a point or a compressed `aa:cc` rectangle with `code`.
    fn setup(&mut self, raw: &Raw, code: u8) -> Result<(), SgfError> {
        let value = raw.text();
        let size = self.size;
        let ((x1, y1), (x2, y2)) = match value.split_once(':') {
            Some((a, b)) => match (sgf_point(a, size)?, sgf_point(b, size)?) {
                (Some(p), Some(q)) => (p, q),
                _ => return Err(SgfError::BadValue(format!("bad rectangle '{value}'"))),
            },
            None => match sgf_point(&value, size)? {
                Some(p) => (p, p),
                None => return Err(SgfError::BadValue(format!("bad setup point '{value}'"))),
            },
        };
        let (xs, xe) = (x1.min(x2), x1.max(x2));
        for y in y1.min(y2)..=y1.max(y2) {
            self.grid[y * size + xs..=y * size + xe].fill(code);
        }
        Ok(())
    }

    /// The setup, one entry per touched point, bottom row first.
    fn setup_list(&self) -> Vec<((usize, usize), Option<Color>)> {
        let size = self.size;
        (0..size * size)
            .filter(|&i| self.grid[i] != 0)
            .map(|i| {
                let stone = match self.grid[i] {
                    BLACK => Some(Color::Black),
                    WHITE => Some(Color::White),
                    _ => None,
                };
                ((i % size, i / size), stone)
            })
            .collect()
    }
}

fn skip_values(reader: &mut Reader) -> Result<(), SgfError> {
    while reader.value()?.is_some() {}
    Ok(())
}

/// Reads the root node's properties for [`Root`], then leaves the reader
/// where it found it.
fn read_root<'a>(reader: &mut Reader<'a>) -> Result<Root<'a>, SgfError> {
    let start = reader.pos;
    let mut root = Root::default();
    while let Some(ident) = reader.property()? {
        let slot = match &ident.0[..ident.1.min(2)] {
            b"GM" if ident.1 == 2 => &mut root.gm,
            b"SZ" if ident.1 == 2 => &mut root.sz,
            b"KM" if ident.1 == 2 => &mut root.km,
            b"HA" if ident.1 == 2 => &mut root.ha,
            b"PB" if ident.1 == 2 => &mut root.pb,
            b"PW" if ident.1 == 2 => &mut root.pw,
            b"RE" if ident.1 == 2 => &mut root.re,
            b"RU" if ident.1 == 2 => &mut root.ru,
            _ => {
                skip_values(reader)?;
                continue;
            }
        };
        let first = reader.value()?;
        if slot.is_none() {
            *slot = first;
        }
        skip_values(reader)?;
    }
    reader.pos = start;
    Ok(root)
}

fn board_size(root: &Root) -> Result<usize, SgfError> {
    if let Some(gm) = root.gm.map(|v| v.text())
        && gm.trim() != "1"
    {
        return Err(SgfError::Unsupported(format!(
            "not a game of Go (GM[{gm}])"
        )));
    }
    let size = match root.sz.map(|v| v.text()) {
        None => 19,
        Some(v) => {
            let s = v.trim();
            if s.contains(':') {
                return Err(SgfError::Unsupported(
                    "rectangular boards are not supported".into(),
                ));
            }
            s.parse::<usize>()
                .map_err(|_| SgfError::BadValue(format!("bad SZ[{s}]")))?
        }
    };
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(SgfError::Unsupported(format!(
            "unsupported board size {size}"
        )));
    }
    Ok(size)
}

/// Parses the first game of an SGF collection, keeping at most `keep` moves of
/// its main line (all are checked and counted).
pub(super) fn parse_keeping(text: &[u8], keep: usize) -> Result<SgfGame, SgfError> {
    let start = text
        .iter()
        .position(|&c| c == b'(')
        .ok_or_else(|| SgfError::Syntax("no game tree".into()))?;
    let mut reader = Reader { text, pos: start };
    let mut trees: Vec<Tree> = Vec::new();
    let mut line: Option<Line> = None;
    let mut root = Root::default();
    loop {
        match reader.peek() {
            Some(b'(') => {
                if trees.len() >= MAX_DEPTH {
                    return Err(SgfError::Syntax("variations nested too deeply".into()));
                }
                let main = match trees.last_mut() {
                    None => true,
                    Some(parent) => {
                        let first = !parent.branched;
                        parent.branched = true;
                        parent.main && first
                    }
                };
                trees.push(Tree {
                    main,
                    nodes: 0,
                    branched: false,
                });
                reader.pos += 1;
                if reader.peek() != Some(b';') {
                    return Err(SgfError::Syntax("game tree without nodes".into()));
                }
            }
            Some(b';') => {
                let Some(tree) = trees.last_mut() else {
                    return Err(SgfError::Syntax("node outside a game tree".into()));
                };
                if tree.branched {
                    return Err(SgfError::Syntax("unexpected ';' after a variation".into()));
                }
                tree.nodes += 1;
                reader.pos += 1;
                if !tree.main {
                    while reader.property()?.is_some() {
                        skip_values(&mut reader)?;
                    }
                    continue;
                }
                let line = match &mut line {
                    Some(line) => line,
                    None => {
                        root = read_root(&mut reader)?;
                        let size = board_size(&root)?;
                        line.insert(Line {
                            size,
                            keep,
                            moves: Vec::new(),
                            total_moves: 0,
                            grid: vec![0; size * size],
                            player: None,
                        })
                    }
                };
                while let Some(ident) = reader.property()? {
                    line.property(ident, &mut reader)?;
                }
            }
            Some(b')') => {
                trees.pop();
                reader.pos += 1;
                if trees.is_empty() {
                    break;
                }
            }
            Some(c) if !trees.is_empty() => {
                return Err(SgfError::Syntax(format!("unexpected '{}'", c as char)));
            }
            _ => return Err(SgfError::Syntax("unexpected end of file".into())),
        }
    }
    let line = line.expect("the first tree has a node");
    let komi = match root.km.map(|v| v.text()) {
        None => None,
        Some(v) => {
            let k: f64 = v
                .trim()
                .parse()
                .map_err(|_| SgfError::BadValue(format!("bad KM[{v}]")))?;
            if !k.is_finite() || k.abs() > 1000.0 {
                return Err(SgfError::BadValue(format!("bad KM[{v}]")));
            }
            Some(k)
        }
    };
    let handicap = root
        .ha
        .and_then(|v| v.text().trim().parse().ok())
        .unwrap_or(0);
    Ok(SgfGame {
        size: line.size,
        komi,
        handicap,
        setup: line.setup_list(),
        player: line.player,
        moves: line.moves,
        total_moves: line.total_moves,
        players: [root.pb.map(|v| v.text()), root.pw.map(|v| v.text())],
        result: root.re.map(|v| v.text()),
        rules: root.ru.map(|v| v.text()),
    })
}

fn sgf_point(value: &str, size: usize) -> Result<Option<(usize, usize)>, SgfError> {
    let v = value.trim().as_bytes();
    if v.is_empty() || (size <= 19 && v == b"tt") {
        return Ok(None);
    }
    if v.len() != 2 {
        return Err(SgfError::BadValue(format!("bad point '{value}'")));
    }
    let coord = |c: u8| -> Option<usize> {
        match c {
            b'a'..=b'z' => Some((c - b'a') as usize),
            _ => None,
        }
    };
    match (coord(v[0]), coord(v[1])) {
        (Some(x), Some(row)) if x < size && row < size => Ok(Some((x, size - 1 - row))),
        _ => Err(SgfError::BadValue(format!(
            "point '{value}' off the {size}x{size} board"
        ))),
    }
}

fn sgf_color(value: &str) -> Result<Color, SgfError> {
    match value.trim() {
        "B" | "b" => Ok(Color::Black),
        "W" | "w" => Ok(Color::White),
        other => Err(SgfError::BadValue(format!("bad colour '{other}'"))),
    }
}
