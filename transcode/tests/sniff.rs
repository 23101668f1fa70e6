//! `--sniff html|xml|css` with `--content-type`, `--parent`, `--locale`, `--autodetect`, `-v`
//! and `--print-encoding`: the encoding the standards choose, the text decoded with it, and
//! what the tool says about it.

mod common;

use common::{arg, run, stderr};

/// A page declaring windows-1251, "Привет" in its body.
const PAGE: &[u8] =
    b"<!DOCTYPE html>\n<meta charset=\"windows-1251\">\n<p>\xcf\xf0\xe8\xe2\xe5\xf2</p>\n";

fn file(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    arg(&path).to_owned()
}

#[test]
fn html_is_decoded_as_its_meta_declares() {
    let output = run(&["--sniff", "html"], PAGE);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "<!DOCTYPE html>\n<meta charset=\"windows-1251\">\n<p>Привет</p>\n"
    );
    assert_eq!(stderr(&output), "");
}

#[test]
fn v_says_which_rule_decided_and_where() {
    let output = run(&["--sniff", "html", "-v"], PAGE);
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: windows-1251 (certain), by a <meta> at byte 16\n"
    );
    let output = run(
        &[
            "--sniff",
            "html",
            "-v",
            "--content-type",
            "text/html;charset=\"KOI8-R\"",
        ],
        PAGE,
    );
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: KOI8-R (certain), by the transport layer's charset (--content-type)\n"
    );
    let output = run(&["--sniff", "html", "-v"], b"\xFF\xFE<\0p\0>\0");
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: UTF-16LE (certain), by a byte order mark\n"
    );
    assert_eq!(output.stdout, b"<p>");
    let output = run(
        &["--sniff", "html", "-v", "--locale", "ja_JP.UTF-8"],
        b"<p>\x93\xfa</p>",
    );
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: Shift_JIS (tentative), by the default for --locale ja_JP.UTF-8\n"
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), "<p>日</p>");
    let output = run(&["--sniff", "html", "-v"], b"<p>caf\xe9</p>");
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: windows-1252 (tentative), by the default\n"
    );
    // Without --sniff: -f, a byte order mark, or the default.
    let output = run(&["-v", "-f", "koi8-r"], b"x");
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: KOI8-R, by -f\n"
    );
    let output = run(&["-v"], b"\xEF\xBB\xBFx");
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: UTF-8, by a byte order mark\n"
    );
    let output = run(&["-v"], b"x");
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: UTF-8, the default without -f or --sniff\n"
    );
}

/// A page whose `<meta>` comes after a comment longer than the prescan's 1024 bytes, with
/// `before` between the comment and the `<meta>`.
fn late_page(before: &[u8]) -> Vec<u8> {
    let mut page = b"<!-- ".to_vec();
    page.extend([b'x'; 1100]);
    page.extend(b" -->");
    page.extend(before);
    page.extend(b"<meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4\n");
    page
}

#[test]
fn html_is_decoded_with_the_encoding_the_page_ends_with() {
    let dir = tempfile::tempdir().unwrap();
    // Only ASCII before the <meta> (a browser changes on the fly), and a windows-1252 "é"
    // before it (a browser parses again): the whole text is KOI8-R's either way.
    for (before, text) in [
        (&b""[..], ""),
        (b"<title>caf\xE9</title>", "<title>cafИ</title>"),
    ] {
        let page = late_page(before);
        let offset = 1109 + before.len();
        let path = file(&dir, "late.html", &page);
        let expected = format!("{text}<meta charset=koi8-r><p>Привет\n");
        for (args, stdin, name) in [
            (
                vec!["--sniff", "html", "-v", path.as_str()],
                &b""[..],
                path.as_str(),
            ),
            (vec!["--sniff", "html", "-v"], &page[..], "<stdin>"),
        ] {
            let output = run(&args, stdin);
            assert!(output.status.success(), "{}", stderr(&output));
            let stdout = String::from_utf8(output.stdout.clone()).unwrap();
            assert!(stdout.starts_with("<!-- xxx"));
            assert!(stdout.ends_with(&expected), "{stdout}");
            assert_eq!(
                stderr(&output),
                format!("whatwg-transcode: {name}: KOI8-R (certain), by a <meta> the parser met at byte {offset}\n")
            );
        }
        let output = run(&["--sniff", "html", "--print-encoding", &path], b"");
        assert_eq!(output.stdout, b"KOI8-R\n");
    }
    // A <meta> in a comment, a script or a title does not count.
    for hidden in [&b"<!-- "[..], b"<script>", b"<title>"] {
        let mut page = late_page(hidden);
        page.extend(b"--></script></title>");
        let output = run(&["--sniff", "html", "--print-encoding"], &page);
        assert_eq!(output.stdout, b"windows-1252\n");
    }
}

#[test]
fn standard_input_is_followed_through_its_first_mebibyte() {
    let mut page = b"<!-- ".to_vec();
    page.extend(vec![b'x'; 1 << 20]);
    page.extend(b" --><meta charset=koi8-r><p>\xF0\xD2\xC9\xD7\xC5\xD4");
    let output = run(&["--sniff", "html", "-v"], &page);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: windows-1252 (tentative), by the default (the answer for the \
         first 1048576 bytes of standard input: a <meta> after them is not looked for)\n"
    );
    // All of it is decoded, with the answer so far.
    assert_eq!(output.stdout.len(), page.len() + 6);
    assert!(String::from_utf8_lossy(&output.stdout).ends_with("<p>ðÒÉ×ÅÔ"));
    // A file of the same bytes is followed to its end.
    let dir = tempfile::tempdir().unwrap();
    let path = file(&dir, "long.html", &page);
    let output = run(&["--sniff", "html", "--print-encoding", &path], b"");
    assert_eq!(output.stdout, b"KOI8-R\n");
}

#[test]
fn print_encoding_prints_only_the_name() {
    let dir = tempfile::tempdir().unwrap();
    let page = file(&dir, "page.html", PAGE);
    let plain = file(&dir, "plain.html", b"<p>plain</p>");
    let output = run(
        &["--sniff", "html", "--print-encoding", &page, &plain, "-"],
        b"\xFE\xFF\0<",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "windows-1251\nwindows-1252\nUTF-16BE\n"
    );
    assert_eq!(stderr(&output), "");
    // With -v, the reasons go to standard error.
    let output = run(&["--sniff", "html", "--print-encoding", "-v", &page], b"");
    assert_eq!(String::from_utf8_lossy(&output.stdout), "windows-1251\n");
    assert_eq!(
        stderr(&output),
        format!("whatwg-transcode: {page}: windows-1251 (certain), by a <meta> at byte 16\n")
    );
    // Without --sniff it says what the transcoding would use.
    let output = run(&["--print-encoding"], b"x");
    assert_eq!(output.stdout, b"UTF-8\n");
}

#[test]
fn parent_and_the_xml_and_css_formats() {
    let output = run(
        &["--sniff", "html", "--parent", "koi8-r", "--print-encoding"],
        b"<p>",
    );
    assert_eq!(output.stdout, b"KOI8-R\n");
    // A UTF-16 parent is not used.
    let output = run(
        &[
            "--sniff",
            "html",
            "--parent",
            "utf-16le",
            "--print-encoding",
        ],
        b"<p>",
    );
    assert_eq!(output.stdout, b"windows-1252\n");
    let output = run(
        &["--sniff", "css", "--parent", "koi8-r", "-v"],
        b"a{content:'\xf0'}",
    );
    assert_eq!(String::from_utf8_lossy(&output.stdout), "a{content:'П'}");
    assert_eq!(
        stderr(&output),
        "whatwg-transcode: <stdin>: KOI8-R (certain), by the parent document's encoding (--parent)\n"
    );
    let output = run(
        &["--sniff", "css", "--print-encoding"],
        b"@charset \"koi8-r\"; a{}",
    );
    assert_eq!(output.stdout, b"KOI8-R\n");
    let output = run(
        &["--sniff", "xml", "--print-encoding"],
        b"<?xml version='1.0' encoding='iso-8859-2'?><a/>",
    );
    assert_eq!(output.stdout, b"ISO-8859-2\n");
    let output = run(&["--sniff", "xml", "--print-encoding"], b"<a/>");
    assert_eq!(output.stdout, b"UTF-8\n");
}

#[test]
fn autodetect_checks_a_whole_file_and_the_start_of_standard_input() {
    let dir = tempfile::tempdir().unwrap();
    let mut late = b"<p>".repeat(500);
    late.extend_from_slice("Grüße".as_bytes());
    let late_file = file(&dir, "late.html", &late);
    let output = run(
        &[
            "--sniff",
            "html",
            "--autodetect",
            "--print-encoding",
            &late_file,
        ],
        b"",
    );
    assert_eq!(output.stdout, b"UTF-8\n");
    let output = run(&["--sniff", "html", "--print-encoding", &late_file], b"");
    assert_eq!(output.stdout, b"windows-1252\n", "off by default");
    // Standard input: only what the sniffing holds, the first 1024 bytes.
    let output = run(
        &["--sniff", "html", "--autodetect", "--print-encoding"],
        &late,
    );
    assert_eq!(output.stdout, b"windows-1252\n");
    let output = run(
        &["--sniff", "html", "--autodetect", "--print-encoding"],
        "Grüße".as_bytes(),
    );
    assert_eq!(output.stdout, b"UTF-8\n");
    // Not UTF-8 somewhere: no detection.
    let mut broken = "Grüße".as_bytes().to_vec();
    broken.extend(b"<p>".repeat(500));
    broken.push(0xFF);
    let broken_file = file(&dir, "broken.html", &broken);
    let output = run(
        &[
            "--sniff",
            "html",
            "--autodetect",
            "--print-encoding",
            &broken_file,
        ],
        b"",
    );
    assert_eq!(output.stdout, b"windows-1252\n");
}

#[test]
fn fatal_errors_are_placed_in_the_sniffed_input() {
    let dir = tempfile::tempdir().unwrap();
    let page = file(&dir, "page.html", PAGE);
    let output = run(
        &["--sniff", "html", "--fatal", "-t", "windows-1252", &page],
        b"",
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "whatwg-transcode: {page}: U+041F (П) cannot be encoded in windows-1252: at byte offset 49 (0xCF)\n"
        )
    );
}

#[test]
fn usage_errors() {
    for args in [
        &["--sniff", "html", "-f", "utf-8"][..],
        &["--content-type", "text/html"],
        &["--parent", "utf-8"],
        &["--locale", "ja"],
        &["--autodetect"],
        &["--sniff", "json"],
        &["--print-encoding", "-t", "utf-8"],
        &["--print-encoding", "-o", "out"],
        &["--print-encoding", "--bom"],
    ] {
        let output = run(args, b"");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let output = run(&["--sniff", "html", "--parent", "bogus"], b"");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("whatwg-transcode: --parent \"bogus\" is not a label"));
}
