//! Puzzles as CSV, one a line, like lichess's puzzle database: `id, game, position,
//! line, rating, themes, source, fen`. The position is [`Position::to_text`], the line
//! its answers joined by `;`, the themes joined by spaces, the FEN the position's own
//! where the game has perfect information (else empty). Fields are quoted when they
//! hold a comma, a quote or a line break (RFC 4180).

use super::{split_answers, Position, Puzzle};
use crate::variants::VariantId;

/// The header line.
pub const HEADER: &str = "id,game,position,line,rating,themes,source,fen";

/// One field, quoted when it must be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// `puzzles` as CSV text, the header first.
pub fn write(puzzles: &[Puzzle]) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for p in puzzles {
        out.push_str(&line(p));
    }
    out
}

/// One puzzle's line, its line break included.
pub fn line(p: &Puzzle) -> String {
    let fields = [
        p.id.clone(),
        p.position.variant.id().to_string(),
        p.position.to_text(),
        p.line.join(";"),
        p.rating.to_string(),
        p.themes.join(" "),
        p.source.clone(),
        p.fen().unwrap_or_default(),
    ];
    let fields: Vec<String> = fields.iter().map(|f| field(f)).collect();
    format!("{}\n", fields.join(","))
}

/// What appending `p` to a CSV file of puzzles adds: its line, after the header when
/// the file is still `empty`. Each confirmed puzzle is appended so, at once.
pub fn addition(p: &Puzzle, empty: bool) -> String {
    match empty {
        true => format!("{HEADER}\n{}", line(p)),
        false => line(p),
    }
}

/// The records of CSV `text`, each a list of fields.
fn records(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut out = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                out.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is not closed".to_string());
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        out.push(record);
    }
    Ok(out)
}

/// The puzzles of CSV `text` (with its header); the error names the first bad line.
pub fn read(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut rows = records(text)?.into_iter();
    match rows.next() {
        Some(h) if h.join(",") == HEADER => {}
        _ => return Err(format!("the first line must be `{HEADER}`")),
    }
    rows.enumerate()
        .filter(|(_, r)| r.iter().any(|f| !f.is_empty()))
        .map(|(i, r)| puzzle(&r).map_err(|e| format!("line {}: {e}", i + 2)))
        .collect()
}

/// One record read as a puzzle.
fn puzzle(r: &[String]) -> Result<Puzzle, String> {
    let [id, game, position, line, rating, themes, source, _fen] = r else {
        return Err(format!("{} fields, not 8", r.len()));
    };
    let variant = VariantId::parse(game).ok_or_else(|| format!("unknown game `{game}`"))?;
    Ok(Puzzle {
        id: id.clone(),
        position: Position::parse(variant, position)?,
        line: split_answers(line),
        rating: rating
            .parse()
            .map_err(|_| format!("`{rating}` is not a rating"))?,
        themes: themes.split_whitespace().map(str::to_string).collect(),
        source: source.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_read_back() {
        let rows = records("a,\"b,c\",\"say \"\"hi\"\"\"\n1,2,3").expect("reads");
        assert_eq!(rows[0], vec!["a", "b,c", "say \"hi\""]);
        assert_eq!(rows[1], vec!["1", "2", "3"]);
        assert_eq!(field("x,y"), "\"x,y\"");
        assert!(records("\"open").is_err());
        assert!(read("nope\n").is_err());
    }
}
