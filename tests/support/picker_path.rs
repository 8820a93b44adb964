//! The path through a picker tree (the legal-answer tree the Discord picker and the
//! board page walk) to one of its answers, for the tests that play a chosen answer
//! choice by choice.
#![allow(dead_code)]

use arcana::variants::picker::Picker;

/// The option values, choice by choice, that lead `tree` to `answer` (as the picker
/// completes it), or `None` when it is not among the tree's answers.
pub fn path_to(tree: &Picker, answer: &str) -> Option<Vec<u16>> {
    fn walk(tree: &Picker, path: &mut Vec<u16>, answer: &str) -> bool {
        let Ok(pick) = tree.pick(path) else {
            return false;
        };
        if let Some(complete) = pick.answer {
            return complete == answer;
        }
        let values: Vec<u16> = pick
            .menus
            .iter()
            .flat_map(|m| m.options.iter().map(|o| o.value))
            .collect();
        for v in values {
            path.push(v);
            if walk(tree, path, answer) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    walk(tree, &mut path, answer).then_some(path)
}
