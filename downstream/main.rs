//! The downstream program of `build-time.sh` and `.ci/downstream.sh`: it decodes Shift_JIS
//! through whatever crate its Cargo.toml calls `encoding_rs`.

fn main() {
    let (text, encoding, had_errors) = encoding_rs::SHIFT_JIS.decode(b"\x93\xfa\x96\x7b");
    assert!(!had_errors);
    println!("{} {}", encoding.name(), text);
}
