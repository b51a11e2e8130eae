//! Token-level tests: each case is source text and the expected tokens in
//! a compact `KIND(value)` form.

use super::*;

fn toks(src: &str) -> String {
    match tokenize(src) {
        Ok(ts) => ts
            .iter()
            .map(|(s, t, e)| {
                let v = t.puppet_value();
                let valued = matches!(t, Tok::Str(_) | Tok::Word(_) | Tok::Name(_) | Tok::ClassRef(_) | Tok::Variable(_)
                    | Tok::Number(_) | Tok::Regex(_) | Tok::DqPre(_) | Tok::DqMid(_) | Tok::DqPost(_) | Tok::Heredoc(_));
                if !valued || v.is_empty() {
                    format!("{}@{s}..{e}", t.kind_name())
                } else {
                    format!("{}({v})@{s}..{e}", t.kind_name())
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
        Err(e) => format!("error {} {:?}: {}", e.code, e.offset, e.message),
    }
}

fn kinds(src: &str) -> String {
    match tokenize(src) {
        Ok(ts) => ts.iter().map(|(_, t, _)| t.kind_name()).collect::<Vec<_>>().join(" "),
        Err(e) => format!("error {} {:?}: {}", e.code, e.offset, e.message),
    }
}

#[test]
fn punctuation_and_context() {
    assert_eq!(kinds("$a[1] $a [1]"), "VARIABLE LBRACK NUMBER RBRACK VARIABLE LISTSTART NUMBER RBRACK");
    assert_eq!(kinds("[1]"), "LISTSTART NUMBER RBRACK");
    assert_eq!(kinds("foo(1)\n(2)\n  (3) x (4)"), "NAME LPAREN NUMBER RPAREN WSLPAREN NUMBER RPAREN WSLPAREN NUMBER RPAREN NAME LPAREN NUMBER RPAREN");
    assert_eq!(kinds("$x ? { a => 1 }"), "VARIABLE QMARK SELBRACE NAME FARROW NUMBER RBRACE");
    assert_eq!(kinds("File <| |> { a => 1 }"), "CLASSREF LCOLLECT RCOLLECT COLLBRACE NAME FARROW NUMBER RBRACE");
    assert_eq!(kinds("<<| |>> -> ~> <- <~ += -= +> == != =~ !~ >= <= << >> @ @@ ~"),
        "LLCOLLECT RRCOLLECT IN_EDGE IN_EDGE_SUB OUT_EDGE OUT_EDGE_SUB APPENDS DELETES PARROW ISEQUAL NOTEQUAL MATCH NOMATCH GREATEREQUAL LESSEQUAL LSHIFT RSHIFT AT ATAT TILDE");
}

#[test]
fn regexp_or_division() {
    assert_eq!(kinds("$x = /a/"), "VARIABLE EQUALS REGEX");
    assert_eq!(kinds("$x / 2 / 3"), "VARIABLE DIV NUMBER DIV NUMBER");
    assert_eq!(kinds("f(1) /2/"), "NAME LPAREN NUMBER RPAREN DIV NUMBER DIV");
    assert_eq!(kinds("} /a/"), "RBRACE REGEX");
    assert_eq!(toks(r"$x =~ /a\/b/"), r"VARIABLE(x)@0..2 MATCH@3..5 REGEX((?-mix:a/b))@6..12");
    assert_eq!(kinds(r"$x = /a\/"), "VARIABLE EQUALS DIV NAME OTHER DIV");
}

#[test]
fn lambdas_open_with_pipe() {
    assert_eq!(kinds("$a.each |$x| { }"), "VARIABLE DOT NAME PIPE_OPEN VARIABLE PIPE LBRACE RBRACE");
    assert_eq!(kinds("f(1) || { }"), "NAME LPAREN NUMBER RPAREN PIPE_OPEN PIPE LBRACE RBRACE");
    assert_eq!(kinds("|$a = (1)|"), "PIPE VARIABLE EQUALS LPAREN NUMBER RPAREN PIPE");
    assert_eq!(kinds("|$a = f(1)|"), "PIPE VARIABLE EQUALS NAME LPAREN NUMBER RPAREN PIPE_OPEN");
}

#[test]
fn numbers() {
    assert_eq!(toks("0x1F 017 1.5e-3 10"), "NUMBER(0x1F)@0..4 NUMBER(017)@5..8 NUMBER(1.5e-3)@9..15 NUMBER(10)@16..18");
    assert_eq!(toks("$x = 08"), "error INVALID_OCTAL_NUMBER Some(5): Not a valid octal number 08");
    assert_eq!(toks("$x = 0x1G"), "error INVALID_HEX_NUMBER Some(5): Not a valid hex number 0x1G");
    assert_eq!(toks("$x = 1abc"), "error ILLEGAL_NUMBER Some(5): Illegal number '1abc'");
    assert_eq!(toks("$x = 0e5"), "error INVALID_OCTAL_NUMBER Some(5): Not a valid octal number 0e5");
    // `1.5e` lexes as 1 and `.`, then the bad number includes the digits before the dot.
    let mut lx = Lexer::new("$x = 1.5e");
    let got: Vec<_> = (&mut lx).take(4).collect();
    assert_eq!(got[2], Ok((5, Tok::Number("1".into()), 6)));
    assert_eq!(got[3], Ok((6, Tok::Dot, 7)));
    assert_eq!(lx.next().unwrap().unwrap_err().message, "Not a valid decimal number 1.5e");
}

#[test]
fn names_words_references() {
    assert_eq!(toks("foo::bar ::x foo-bar _x Foo::Bar ::Foo"),
        "NAME(foo::bar)@0..8 NAME(::x)@9..12 WORD(foo-bar)@13..20 WORD(_x)@21..23 CLASSREF(Foo::Bar)@24..32 CLASSREF(::Foo)@33..38");
    assert_eq!(kinds("class define if unless case node and or in true undef function type attr private"),
        "CLASS DEFINE IF UNLESS CASE NODE AND OR IN BOOLEAN UNDEF FUNCTION TYPE ATTR PRIVATE");
    assert_eq!(toks("Foo::bar"), "error ILLEGAL_CLASS_REFERENCE Some(4): Illegal class reference");
    assert_eq!(toks("$::x $0 $ $a::b"), "VARIABLE(::x)@0..4 VARIABLE(0)@5..7 VARIABLE@8..9 VARIABLE(a::b)@10..15");
}

#[test]
fn strings_and_interpolation() {
    assert_eq!(toks(r#"'a\'b' "x""#), "STRING(a'b)@0..6 STRING(x)@7..10");
    assert_eq!(toks(r#""Hello $name!""#), "DQPRE(Hello )@0..7 VARIABLE(name)@7..12 DQPOST(!)@12..14");
    assert_eq!(toks(r#""a${x}b${y[0]}c""#),
        "DQPRE(a)@0..4 VARIABLE(x)@4..5 DQMID(b)@6..9 VARIABLE(y)@9..10 LBRACK@10..11 NUMBER(0)@11..12 RBRACK@12..13 DQPOST(c)@14..16");
    assert_eq!(kinds(r#""${x + 1}""#), "DQPRE NAME PLUS NUMBER DQPOST");
    assert_eq!(kinds(r#""${"${x}"}""#), "DQPRE DQPRE VARIABLE DQPOST DQPOST");
    assert_eq!(kinds(r#""${class}${2}${x.y}""#), "DQPRE VARIABLE DQMID VARIABLE DQMID VARIABLE DOT NAME DQPOST");
    assert_eq!(toks(r#""$""#), "STRING($)@0..3");
    assert!(toks(r#""abc"#).starts_with("error UNCLOSED_QUOTE Some(1): Unclosed quote after '\"' followed by 'abc...'"));
}

#[test]
fn heredocs() {
    let src = "$a = @(END)\n  text\n  END\n$b = 1\n";
    assert_eq!(toks(src), "VARIABLE(a)@0..2 EQUALS@3..4 HEREDOC@5..11 STRING(  text\n)@12..19 VARIABLE(b)@25..27 EQUALS@28..29 NUMBER(1)@30..31");
    let src = "$a = @(END)\n  text\n  |-END\n";
    assert_eq!(toks(src), "VARIABLE(a)@0..2 EQUALS@3..4 HEREDOC@5..11 STRING(text)@12..18");
    // Two heredocs on one line take their texts in order.
    let src = "f(@(A), @(B))\na\nA\nb\nB\n";
    assert_eq!(kinds(src), "NAME LPAREN HEREDOC STRING COMMA HEREDOC STRING RPAREN");
    let src = "@(\"E\":json/t)\n  x\\t${y}\n  E\n";
    assert_eq!(toks(src), "HEREDOC(json)@0..13 DQPRE(  x\t)@14..21 VARIABLE(y)@21..22 DQPOST(\n)@23..24");
    assert_eq!(toks("@(E)\nx\n"), "error HEREDOC_WITHOUT_END_TAGGED_LINE Some(5): Heredoc without end-tagged line");
    assert_eq!(toks("@(E/q)\nx\nE\n"), "error HEREDOC_INVALID_ESCAPE Some(6): Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'q'");
}

#[test]
fn comments_and_whitespace() {
    assert_eq!(kinds("a # c\n/* x\n y */ b\u{00a0}c"), "NAME NAME NAME");
    assert_eq!(toks("a /* x"), "error UNCLOSED_MLCOMMENT Some(2): Unclosed multiline comment");
    assert_eq!(kinds("$x = é"), "VARIABLE EQUALS OTHER OTHER");
}

#[test]
fn epp_templates() {
    let k = |s: &str| match Lexer::new_epp(s).collect::<Result<Vec<_>, _>>() {
        Ok(ts) => ts.iter().map(|(_, t, _)| format!("{}({})", t.kind_name(), t.puppet_value().replace('\n', "\\n"))).collect::<Vec<_>>().join(" "),
        Err(e) => format!("error {}", e.message),
    };
    assert_eq!(k("a <%= $x %> b"), "EPP_START() RENDER_STRING(a ) RENDER_EXPR() VARIABLE(x) EPP_END(%>) RENDER_STRING( b)");
    assert_eq!(k("<%- | $x | -%>\nhi"), "EPP_START() PIPE_OPEN(|) VARIABLE(x) PIPE(|) RENDER_STRING(hi)");
    assert_eq!(k("a  <%- $x -%>  \nb<%# c -%>\nd <%% e %%>"), "EPP_START() RENDER_STRING(a) VARIABLE(x) RENDER_STRING(bd <% e %>)");
    assert_eq!(k("x <% $y"), "error Unbalanced epp tag, reached <eof> without closing tag.");
    assert_eq!(k("x <%# y"), "error Reaching end after opening <%# without seeing %>");
}

#[test]
fn byte_order_marks() {
    assert_eq!(bom_error(b"\xEF\xBB\xBFx").unwrap().message,
        "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source");
    assert!(bom_error(b"abc").is_none());
}
