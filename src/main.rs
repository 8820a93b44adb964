//! The `arcana` binary.

fn main() -> std::process::ExitCode {
    arcana::cli::main()
}
