//! Upgrades stored game records of older formats, one step per format version, on the
//! JSON before it is decoded. Each step takes a record of version `n` to `n + 1`; a
//! record of a newer version than this build is refused, never rewritten.

use super::{StoreError, FORMAT_VERSION};
use serde_json::Value;

/// One upgrade step: a record of the version it is listed under becomes the next one.
type Step = fn(&mut serde_json::Map<String, Value>);

/// `STEPS[n - 1]` upgrades version `n` to `n + 1`.
const STEPS: [Step; (FORMAT_VERSION - 1) as usize] = [v1_to_v2, v2_to_v3];

/// Version 1 kept a snapshot of the variant's internal state, compared at load: a
/// changed struct paused every stored game. Version 2 is replay-first: the snapshot goes.
fn v1_to_v2(record: &mut serde_json::Map<String, Value>) {
    record.remove("snapshot");
}

/// Version 3 stores a record's actions and history entries apart from its head (a
/// move appends them instead of rewriting the record); the store puts them back into
/// the record before it is upgraded and decoded, so a record read has the same shape
/// in both versions: a version 2 record, which holds its lists itself, is taken as
/// it is. It is stored in version 3 when next written (all its items then).
fn v2_to_v3(record: &mut serde_json::Map<String, Value>) {
    for list in ["actions", "history"] {
        record
            .entry(list)
            .or_insert_with(|| Value::Array(Vec::new()));
    }
}

/// The format of a stored record (records before any format field count as 1).
pub fn format_of(record: &Value) -> u32 {
    record
        .get("format")
        .and_then(Value::as_u64)
        .map_or(1, |f| u32::try_from(f).unwrap_or(u32::MAX))
        .max(1)
}

/// Brings a stored record to [`FORMAT_VERSION`] in place, or refuses a newer one.
pub fn upgrade(record: &mut Value) -> Result<(), StoreError> {
    let found = format_of(record);
    if found > FORMAT_VERSION {
        return Err(StoreError::TooNew {
            id: record.get("id").and_then(Value::as_u64).unwrap_or(0),
            found,
            supported: FORMAT_VERSION,
        });
    }
    let Some(map) = record.as_object_mut() else {
        // Not a record at all: decoding reports it.
        return Ok(());
    };
    for step in &STEPS[(found - 1) as usize..] {
        step(map);
    }
    map.insert("format".to_string(), Value::from(FORMAT_VERSION));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_version_1_record_loses_its_snapshot_and_becomes_current() {
        let mut r = json!({"format": 1, "id": 4, "snapshot": "{\"state\":1}", "seed": 9,
                           "actions": [1], "history": [2]});
        upgrade(&mut r).expect("upgrades");
        assert_eq!(
            r,
            json!({"format": FORMAT_VERSION, "id": 4, "seed": 9, "actions": [1], "history": [2]})
        );
        let mut r = json!({"id": 4, "snapshot": ""});
        upgrade(&mut r).expect("no format field counts as 1");
        assert_eq!(
            r,
            json!({"format": FORMAT_VERSION, "id": 4, "actions": [], "history": []})
        );
    }

    #[test]
    fn a_current_record_is_unchanged_and_a_newer_one_refused() {
        let current = json!({"format": FORMAT_VERSION, "id": 4, "snapshot": "kept"});
        let mut r = current.clone();
        upgrade(&mut r).expect("current");
        assert_eq!(r, current);
        let newer = json!({"format": FORMAT_VERSION + 1, "id": 4, "future": true});
        let mut r = newer.clone();
        match upgrade(&mut r) {
            Err(StoreError::TooNew {
                id: 4,
                found,
                supported: FORMAT_VERSION,
            }) => assert_eq!(found, FORMAT_VERSION + 1),
            other => panic!("{other:?}"),
        }
        assert_eq!(r, newer, "a newer record is left as it is");
    }
}
