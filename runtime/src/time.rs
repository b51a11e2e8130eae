//! Timespan and Timestamp: nanosecond counts, Puppet's `%D-%H:%M:%S.%-N`
//! style timespan formats (format and parse, as `puppet/pops/time/timespan.rb`)
//! and the default timestamp formats (`%FT%T.%N %Z` ...).
//!
//! Both are an `i64` of nanoseconds so they fit inline in a `Value`; that
//! covers about ±292 years around 1970 for timestamps, and results outside
//! that range are reported as errors rather than wrapped.

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, Timelike};

use crate::error::{Error, Result};

pub const NSECS_PER_USEC: i64 = 1_000;
pub const NSECS_PER_MSEC: i64 = 1_000_000;
pub const NSECS_PER_SEC: i64 = 1_000_000_000;
pub const NSECS_PER_MIN: i64 = 60 * NSECS_PER_SEC;
pub const NSECS_PER_HOUR: i64 = 60 * NSECS_PER_MIN;
pub const NSECS_PER_DAY: i64 = 24 * NSECS_PER_HOUR;

/// A duration in nanoseconds.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timespan(pub i64);

/// A bound of a `Timespan[from, to]` type. Puppet keeps a bound given as
/// a Float (`Timespan[77.3]`) as float nanoseconds: it compares as the same
/// number, but prints with the fraction's trailing zeros
/// (`'0-00:01:17.300000000'`), because the zero strip of the default format
/// does not apply to a Float's `to_s`.
#[derive(Clone, Copy, Debug)]
pub struct SpanBound {
    pub span: Timespan,
    pub from_float: bool,
}

impl SpanBound {
    pub fn exact(span: Timespan) -> SpanBound {
        SpanBound { span, from_float: false }
    }

    /// Puppet's default string form of the bound.
    pub fn to_puppet_string(self) -> String {
        match TimespanFormat::parse_format("%D-%H:%M:%S.%-N") {
            Ok(f) => f.format_nanos(self.span, self.from_float),
            Err(_) => String::new(),
        }
    }
}

impl PartialEq for SpanBound {
    fn eq(&self, o: &SpanBound) -> bool {
        self.span == o.span
    }
}
impl Eq for SpanBound {}
impl PartialOrd for SpanBound {
    fn partial_cmp(&self, o: &SpanBound) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for SpanBound {
    fn cmp(&self, o: &SpanBound) -> std::cmp::Ordering {
        self.span.cmp(&o.span)
    }
}
impl std::hash::Hash for SpanBound {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.span.hash(state)
    }
}

/// A point in time: nanoseconds since 1970-01-01T00:00:00 UTC.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub i64);

impl Timespan {
    pub fn nanos(self) -> i64 {
        self.0
    }
    /// Seconds as a Float (`to_f`).
    pub fn to_f(self) -> f64 {
        self.0 as f64 / NSECS_PER_SEC as f64
    }
    /// Whole seconds truncated toward zero (`to_i`).
    pub fn to_i(self) -> i64 {
        self.0 / NSECS_PER_SEC
    }
    /// From seconds given as a float, truncating to whole nanoseconds.
    pub fn from_secs_f64(secs: f64) -> Result<Timespan> {
        f64_to_nanos(secs).map(Timespan)
    }

    /// Puppet's default string form, `%D-%H:%M:%S.%-N`.
    pub fn to_puppet_string(self) -> String {
        // The default format always parses.
        match TimespanFormat::parse_format("%D-%H:%M:%S.%-N") {
            Ok(f) => f.format(self),
            Err(_) => String::new(),
        }
    }

    /// Formats with a Puppet timespan format string.
    pub fn format(self, fmt: &str) -> Result<String> {
        Ok(TimespanFormat::parse_format(fmt)?.format(self))
    }

    /// Parses with Puppet's default formats, in order.
    pub fn parse(s: &str) -> Result<Timespan> {
        for f in DEFAULT_TIMESPAN_FORMATS {
            if let Ok(fmt) = TimespanFormat::parse_format(f)
                && let Some(ts) = fmt.parse(s)? {
                    return Ok(ts);
                }
        }
        Err(Error::argument(format!(
            "Unable to parse '{}' using any of the formats {}",
            s,
            DEFAULT_TIMESPAN_FORMATS.join(", ")
        )))
    }

    /// Parses with one format or a list of formats.
    pub fn parse_with(s: &str, formats: &[&str]) -> Result<Timespan> {
        for f in formats {
            let fmt = TimespanFormat::parse_format(f)?;
            if let Some(ts) = fmt.parse(s)? {
                return Ok(ts);
            }
        }
        if formats.len() == 1 {
            Err(Error::argument(format!("Unable to parse '{}' using format '{}'", s, formats[0])))
        } else {
            Err(Error::argument(format!(
                "Unable to parse '{}' using any of the formats {}",
                s,
                formats.join(", ")
            )))
        }
    }
}

pub(crate) fn f64_to_nanos(secs: f64) -> Result<i64> {
    let n = secs * NSECS_PER_SEC as f64;
    if !n.is_finite() || !(-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&n) {
        return Err(Error::argument("Timespan value is out of range"));
    }
    Ok(n as i64)
}

pub const DEFAULT_TIMESPAN_FORMATS: &[&str] =
    &["%D-%H:%M:%S.%-N", "%H:%M:%S.%-N", "%M:%S.%-N", "%S.%-N", "%D-%H:%M:%S", "%H:%M:%S", "%D-%H:%M", "%S"];

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Unit {
    Nano,
    Milli,
    Sec,
    Min,
    Hour,
    Day,
}

impl Unit {
    fn multiplier(self) -> i64 {
        match self {
            Unit::Nano => 1,
            Unit::Milli => NSECS_PER_MSEC,
            Unit::Sec => NSECS_PER_SEC,
            Unit::Min => NSECS_PER_MIN,
            Unit::Hour => NSECS_PER_HOUR,
            Unit::Day => NSECS_PER_DAY,
        }
    }
    fn default_width(self) -> usize {
        match self {
            Unit::Nano => 9,
            Unit::Milli => 3,
            Unit::Day => 1,
            _ => 2,
        }
    }
}

#[derive(Clone, Debug)]
enum Segment {
    Literal(String),
    Value { unit: Unit, pad: Option<char>, width: Option<usize>, total: bool },
}

/// A parsed timespan format.
#[derive(Clone, Debug)]
pub struct TimespanFormat {
    source: String,
    segments: Vec<Segment>,
}

impl TimespanFormat {
    /// Parses a format string (`%D`, `%H`, `%M`, `%S`, `%L`, `%N`, flags `-`
    /// (no padding), `_` (space padding), `0`, and a width).
    pub fn parse_format(fmt: &str) -> Result<TimespanFormat> {
        let bad = |start: usize, pos: usize| {
            let chars: Vec<char> = fmt.chars().collect();
            let expr: String = chars[start..pos.min(chars.len())].iter().collect();
            Error::argument(format!("Bad format specifier '{}' in '{}', at position {}", expr, fmt, pos))
        };
        let mut segs: Vec<Segment> = Vec::new();
        let mut highest: Option<Unit> = None;
        let (mut in_spec, mut pad_state) = (false, false);
        let mut pad = Some('0');
        let mut width: Option<usize> = None;
        let mut fstart = 0;
        let mut position = 0;
        for (i, c) in fmt.chars().enumerate() {
            position = i;
            if !in_spec {
                if c == '%' {
                    in_spec = true;
                    pad_state = true;
                    fstart = i;
                    pad = Some('0');
                    width = None;
                } else if let Some(Segment::Literal(l)) = segs.last_mut() {
                    l.push(c);
                } else {
                    segs.push(Segment::Literal(c.to_string()));
                }
                continue;
            }
            let unit = match c {
                '%' => {
                    if let Some(Segment::Literal(l)) = segs.last_mut() {
                        l.push('%');
                    } else {
                        segs.push(Segment::Literal("%".into()));
                    }
                    in_spec = false;
                    continue;
                }
                '-' | '_' => {
                    if !pad_state {
                        return Err(bad(fstart, i));
                    }
                    pad = if c == '-' { None } else { Some(' ') };
                    pad_state = false;
                    continue;
                }
                'D' => Unit::Day,
                'H' => Unit::Hour,
                'M' => Unit::Min,
                'S' => Unit::Sec,
                'L' => Unit::Milli,
                'N' => Unit::Nano,
                '0'..='9' => {
                    if pad_state && c == '0' {
                        pad = Some('0');
                    } else {
                        let n = c as usize - '0' as usize;
                        width = Some(width.map_or(n, |w| w * 10 + n));
                    }
                    pad_state = false;
                    continue;
                }
                _ => return Err(bad(fstart, i)),
            };
            if highest.is_none_or(|h| unit > h) {
                highest = Some(unit);
            }
            segs.push(Segment::Value { unit, pad, width, total: false });
            in_spec = false;
        }
        if in_spec {
            return Err(bad(fstart, position));
        }
        if let Some(h) = highest {
            for s in segs.iter_mut() {
                if let Segment::Value { unit, total, .. } = s
                    && *unit == h {
                        *total = true;
                        break;
                    }
            }
        }
        Ok(TimespanFormat { source: fmt.to_string(), segments: segs })
    }

    /// Formats a timespan.
    pub fn format(&self, ts: Timespan) -> String {
        self.format_nanos(ts, false)
    }

    /// Formats a timespan whose nanoseconds Puppet holds as a Float when
    /// `float` (a type bound given as a Float): fractions then keep their
    /// trailing zeros.
    fn format_nanos(&self, ts: Timespan, float: bool) -> String {
        let abs = ts.0.unsigned_abs() as u128;
        let mut out = String::new();
        if ts.0 < 0 {
            out.push('-');
        }
        for s in &self.segments {
            match s {
                Segment::Literal(l) => out.push_str(l),
                Segment::Value { unit, pad, width, total } => {
                    let m = unit.multiplier() as u128;
                    let mut n = abs / m;
                    // `%3N` shows the first 3 digits of the fraction.
                    let nano_width = width.unwrap_or(9);
                    if *unit == Unit::Nano && nano_width < 9 {
                        n = abs / 10u128.pow(9 - nano_width as u32);
                        if !*total {
                            n %= 10u128.pow(nano_width as u32);
                        }
                    } else if !*total {
                        n %= match unit {
                            Unit::Day => u128::MAX,
                            Unit::Hour => 24,
                            Unit::Min | Unit::Sec => 60,
                            Unit::Milli => 1000,
                            Unit::Nano => 1_000_000_000,
                        };
                    }
                    let fragment = matches!(unit, Unit::Milli | Unit::Nano);
                    let w = width.unwrap_or(unit.default_width());
                    if fragment {
                        let mut digits = n.to_string();
                        if !*total && *pad != Some('0') && !float {
                            // Ruby: sub(/\A([0-9]+?)0*\z/, '\1')
                            while digits.len() > 1 && digits.ends_with('0') {
                                digits.pop();
                            }
                        }
                        match pad {
                            None => out.push_str(&digits),
                            Some(_) => out.push_str(&format!("{:<w$}", digits, w = w)),
                        }
                    } else {
                        match pad {
                            None => out.push_str(&n.to_string()),
                            Some(' ') => out.push_str(&format!("{:>w$}", n, w = w)),
                            Some(_) => out.push_str(&format!("{:0>w$}", n, w = w)),
                        }
                    }
                }
            }
        }
        out
    }

    /// Parses `s`; `Ok(None)` when it does not have this format.
    pub fn parse(&self, s: &str) -> Result<Option<Timespan>> {
        let bytes: Vec<char> = s.chars().collect();
        let mut pos = 0;
        let negative = bytes.first() == Some(&'-');
        if negative {
            pos = 1;
        }
        let mut nanos: i128 = 0;
        for seg in &self.segments {
            match seg {
                Segment::Literal(l) => {
                    for c in l.chars() {
                        if bytes.get(pos) != Some(&c) {
                            return Ok(None);
                        }
                        pos += 1;
                    }
                }
                Segment::Value { unit, pad, width, total } => {
                    let dw = unit.default_width();
                    let (min, max, spaces) = match (width, pad) {
                        (None, _) if *total => (1, usize::MAX, *pad == Some(' ')),
                        (None, Some(' ')) => (1, dw, true),
                        (None, _) => (1, dw, false),
                        (Some(w), None) => (1, *w, false),
                        (Some(w), Some('0')) => (*w, *w, false),
                        (Some(w), Some(_)) => (*w, *w, true),
                    };
                    let start = pos;
                    if spaces && *total && width.is_none() {
                        while bytes.get(pos).is_some_and(|c| c.is_whitespace()) {
                            pos += 1;
                        }
                    }
                    let digits_start = pos;
                    while pos - start < max
                        && bytes.get(pos).is_some_and(|c| c.is_ascii_digit() || (spaces && c.is_whitespace()))
                    {
                        pos += 1;
                    }
                    if pos - digits_start < min.min(max) || pos == digits_start {
                        return Ok(None);
                    }
                    let group: String = bytes[digits_start..pos].iter().collect::<String>();
                    let group = group.trim_start();
                    if group.is_empty() || !group.chars().all(|c| c.is_ascii_digit()) {
                        return Err(Error::argument(format!(
                            "Unable to parse '{}' using format '{}'",
                            s, self.source
                        )));
                    }
                    let fragment = matches!(unit, Unit::Milli | Unit::Nano);
                    let out_of_range = || Error::argument("Timespan value is out of range");
                    let n: i128 = group.parse().map_err(|_| out_of_range())?;
                    if fragment {
                        if *total {
                            return Err(Error::argument(
                                "Format specifiers %L and %N denotes fractions and must be used together with a specifier of higher magnitude",
                            ));
                        }
                        let p = 9i32 - group.len() as i32;
                        let add = if p <= 0 { n } else { n.checked_mul(10i128.pow(p as u32)).ok_or_else(out_of_range)? };
                        nanos = nanos.checked_add(add).ok_or_else(out_of_range)?;
                    } else {
                        let add = n.checked_mul(unit.multiplier() as i128).ok_or_else(out_of_range)?;
                        nanos = nanos.checked_add(add).ok_or_else(out_of_range)?;
                    }
                }
            }
        }
        if pos != bytes.len() {
            return Ok(None);
        }
        let nanos = if negative { -nanos } else { nanos };
        i64::try_from(nanos)
            .map(|n| Some(Timespan(n)))
            .map_err(|_| Error::argument("Timespan value is out of range"))
    }
}

impl Timestamp {
    pub fn nanos(self) -> i64 {
        self.0
    }
    pub fn to_f(self) -> f64 {
        self.0 as f64 / NSECS_PER_SEC as f64
    }
    pub fn to_i(self) -> i64 {
        self.0.div_euclid(NSECS_PER_SEC)
    }
    pub fn from_secs_f64(secs: f64) -> Result<Timestamp> {
        f64_to_nanos(secs).map(Timestamp)
    }

    fn to_datetime(self) -> Option<NaiveDateTime> {
        DateTime::from_timestamp(self.0.div_euclid(NSECS_PER_SEC), self.0.rem_euclid(NSECS_PER_SEC) as u32)
            .map(|d| d.naive_utc())
    }

    /// Puppet's default string form, `%FT%T.%N %Z` in UTC:
    /// `2012-10-10T00:00:00.000000000 UTC`.
    pub fn to_puppet_string(self) -> String {
        match self.to_datetime() {
            Some(d) => format!(
                "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:09} UTC",
                d.year(),
                d.month(),
                d.day(),
                d.hour(),
                d.minute(),
                d.second(),
                d.nanosecond()
            ),
            None => String::new(),
        }
    }

    /// Parses with Puppet's default formats: `%FT%T.%N`, `%FT%T`, `%F %T.%N`,
    /// `%F %T`, `%F`, each optionally followed by ` %Z` (UTC or an offset).
    pub fn parse(s: &str) -> Result<Timestamp> {
        parse_default_timestamp(s).ok_or_else(|| {
            Error::argument(format!(
                "Unable to parse '{}' using any of the formats %FT%T.%N %Z, %FT%T %Z, %F %T.%N %Z, %F %T %Z, %F %Z, %FT%T.%N, %FT%T, %F %T.%N, %F %T, %F",
                s
            ))
        })
    }
}

/// Translates a Ruby `strftime`/`strptime` format to chrono's dialect: the
/// fraction specifiers differ (`%L` milliseconds, `%N`/`%3N` nanoseconds
/// with a digit count), everything else is shared.
fn ruby_to_chrono_format(fmt: &str) -> String {
    let cs: Vec<char> = fmt.chars().collect();
    let mut out = String::with_capacity(fmt.len() + 4);
    let mut i = 0;
    while i < cs.len() {
        if cs[i] != '%' {
            out.push(cs[i]);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        let mut digits = String::new();
        while j < cs.len() && cs[j].is_ascii_digit() {
            digits.push(cs[j]);
            j += 1;
        }
        match cs.get(j) {
            Some('N') => {
                let n = digits.parse::<usize>().unwrap_or(9).clamp(1, 9);
                // chrono knows 3, 6 and 9 digits.
                let n = if n <= 3 { 3 } else if n <= 6 { 6 } else { 9 };
                out.push_str(&format!("%{n}f"));
                i = j + 1;
            }
            Some('L') if digits.is_empty() => {
                out.push_str("%3f");
                i = j + 1;
            }
            _ => {
                out.push('%');
                i += 1;
            }
        }
    }
    out
}

impl Timestamp {
    /// The current time.
    pub fn now() -> Timestamp {
        let now = chrono::Utc::now();
        Timestamp(now.timestamp_nanos_opt().unwrap_or(i64::MAX))
    }

    /// Parses with an explicit Ruby `strptime` format; `timezone` (`UTC`,
    /// `+01:00`, ...) applies when the format has no zone.
    pub fn parse_with(s: &str, format: &str, timezone: Option<&str>) -> Result<Timestamp> {
        let bad = || Error::argument(format!("Unable to parse '{s}' using format '{format}'"));
        let has_zone = format.contains("%z") || format.contains("%Z") || format.contains("%:z");
        let (mut text, mut fmt) = (s.to_string(), ruby_to_chrono_format(format));
        let mut offset = match timezone {
            Some(tz) if !has_zone => tz_offset(tz).ok_or_else(|| Error::argument(format!("Illegal timezone '{tz}'")))?,
            _ => 0,
        };
        // chrono cannot parse zone names: take `%Z` off both ends.
        if let Some(pos) = fmt.find("%Z") {
            let tail_len = fmt.len() - pos - 2;
            if tail_len == 0 {
                let (head, zone) = text.rsplit_once(' ').ok_or_else(bad)?;
                offset = tz_offset(zone).ok_or_else(bad)?;
                text = head.to_string();
                fmt.truncate(pos);
                fmt = fmt.trim_end().to_string();
            } else {
                return Err(bad());
            }
        }
        let naive = if fmt.contains("%z") || fmt.contains("%:z") {
            let dt = DateTime::parse_from_str(&text, &fmt).map_err(|_| bad())?;
            return i64::try_from(dt.timestamp() as i128 * NSECS_PER_SEC as i128 + dt.timestamp_subsec_nanos() as i128)
                .map(Timestamp)
                .map_err(|_| bad());
        } else {
            // Like Ruby, fields the format does not mention default to the
            // start of the year / day.
            let mut parsed = chrono::format::Parsed::new();
            chrono::format::parse(&mut parsed, &text, chrono::format::StrftimeItems::new(&fmt)).map_err(|_| bad())?;
            if parsed.month().is_none() && parsed.ordinal().is_none() && parsed.isoweek().is_none() {
                let _ = parsed.set_month(1);
            }
            if parsed.day().is_none() && parsed.ordinal().is_none() {
                let _ = parsed.set_day(1);
            }
            if parsed.hour_div_12().is_none() && parsed.hour_mod_12().is_none() {
                let _ = parsed.set_hour(0);
            }
            if parsed.minute().is_none() {
                let _ = parsed.set_minute(0);
            }
            if parsed.second().is_none() {
                let _ = parsed.set_second(0);
            }
            let date = parsed.to_naive_date().map_err(|_| bad())?;
            let time = parsed.to_naive_time().map_err(|_| bad())?;
            date.and_time(time)
        };
        let secs = naive.and_utc().timestamp() - offset;
        i64::try_from(secs as i128 * NSECS_PER_SEC as i128 + naive.nanosecond() as i128)
            .map(Timestamp)
            .map_err(|_| bad())
    }

    /// Formats with a Ruby `strftime` format in UTC or in `timezone`.
    pub fn format(self, format: &str, timezone: Option<&str>) -> Result<String> {
        let offset = match timezone {
            Some(tz) => tz_offset(tz).ok_or_else(|| Error::argument(format!("Illegal timezone '{tz}'")))?,
            None => 0,
        };
        let d = DateTime::from_timestamp(self.0.div_euclid(NSECS_PER_SEC), self.0.rem_euclid(NSECS_PER_SEC) as u32)
            .ok_or_else(|| Error::argument("Timestamp out of range"))?;
        let fixed = chrono::FixedOffset::east_opt(offset as i32).ok_or_else(|| Error::argument("Illegal timezone"))?;
        let local = d.with_timezone(&fixed);
        // Ruby's %Z is the zone name: `UTC` for UTC, empty for a fixed offset.
        let zone = if timezone.is_none() { "UTC" } else { "" };
        ruby_strftime(&local, format, zone).ok_or_else(|| Error::argument(format!("Illegal format '{format}'")))
    }
}

/// Ruby's `Time#strftime`: each directive `%[flags][width]X` is rendered by
/// chrono and then given Ruby's flags (`-` no padding, `_` spaces, `0`
/// zeros, `^` upper case, `#` swapped case) and width.
fn ruby_strftime(t: &DateTime<chrono::FixedOffset>, format: &str, zone: &str) -> Option<String> {
    use std::fmt::Write;
    let cs: Vec<char> = format.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < cs.len() {
        if cs[i] != '%' {
            out.push(cs[i]);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        let mut flags = String::new();
        while j < cs.len() && matches!(cs[j], '-' | '_' | '0' | '^' | '#') {
            flags.push(cs[j]);
            j += 1;
        }
        let mut width = String::new();
        while j < cs.len() && cs[j].is_ascii_digit() {
            width.push(cs[j]);
            j += 1;
        }
        let colon = j < cs.len() && cs[j] == ':';
        if colon {
            j += 1;
        }
        let Some(&conv) = cs.get(j) else {
            // A trailing lone `%` is literal, as in Ruby.
            out.extend(&cs[i..]);
            break;
        };
        i = j + 1;
        let body = match conv {
            '%' => "%".to_string(),
            'Z' => zone.to_string(),
            'N' | 'L' => {
                let digits = width.parse::<usize>().unwrap_or(if conv == 'L' { 3 } else { 9 }).min(9);
                let n = format!("{:09}", t.nanosecond());
                width.clear();
                n[..digits].to_string()
            }
            'z' if colon => t.format("%:z").to_string(),
            c if c.is_ascii_alphabetic() => {
                let mut s = String::new();
                write!(s, "{}", t.format(&format!("%{c}"))).ok()?;
                s
            }
            _ => return None,
        };
        let numeric = matches!(conv, 'Y' | 'C' | 'y' | 'm' | 'd' | 'e' | 'j' | 'H' | 'k' | 'I' | 'l' | 'M' | 'S' | 's' | 'u' | 'w' | 'U' | 'W' | 'V' | 'G' | 'g');
        let mut s = body;
        if flags.contains('-') && numeric {
            let trimmed = s.trim_start_matches(['0', ' ']);
            s = if trimmed.is_empty() { "0".to_string() } else { trimmed.to_string() };
        } else if flags.contains('_') && numeric {
            let digits = s.len();
            let trimmed = s.trim_start_matches('0');
            let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
            s = format!("{:>digits$}", trimmed);
        }
        if flags.contains('^') {
            s = s.to_uppercase();
        } else if flags.contains('#') {
            // Ruby's "change case": %p and %Z go to lower case, others upper.
            s = if matches!(conv, 'p' | 'Z') { s.to_lowercase() } else { s.to_uppercase() };
        }
        if let Ok(w) = width.parse::<usize>()
            && s.chars().count() < w && !flags.contains('-') {
                let pad = if flags.contains('_') || (!numeric && !flags.contains('0')) { ' ' } else { '0' };
                let fill: String = std::iter::repeat_n(pad, w - s.chars().count()).collect();
                s = format!("{fill}{s}");
            }
        out.push_str(&s);
    }
    Some(out)
}

fn parse_default_timestamp(s: &str) -> Option<Timestamp> {
    let (main, offset_secs) = match s.rsplit_once(' ') {
        Some((head, tz)) if head.len() >= 10 && tz_offset(tz).is_some() => (head, tz_offset(tz)?),
        _ => (s, 0),
    };
    let date = main.get(0..10)?;
    let d = NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    let rest = &main[10..];
    let (h, mi, se, frac) = if rest.is_empty() {
        (0, 0, 0, 0)
    } else {
        let sep = rest.chars().next()?;
        if sep != 'T' && sep != ' ' {
            return None;
        }
        let t = &rest[1..];
        let (hms, frac) = match t.split_once('.') {
            Some((a, f)) if !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()) => {
                let mut digits = f.to_string();
                digits.truncate(9);
                while digits.len() < 9 {
                    digits.push('0');
                }
                (a, digits.parse::<u32>().ok()?)
            }
            Some(_) => return None,
            None => (t, 0),
        };
        let parts: Vec<&str> = hms.split(':').collect();
        if parts.len() != 3 || parts.iter().any(|p| p.len() != 2 || !p.chars().all(|c| c.is_ascii_digit())) {
            return None;
        }
        (parts[0].parse().ok()?, parts[1].parse().ok()?, parts[2].parse().ok()?, frac)
    };
    let dt = d.and_hms_nano_opt(h, mi, se, frac)?;
    let secs = dt.and_utc().timestamp() - offset_secs;
    let nanos = (secs as i128) * NSECS_PER_SEC as i128 + frac as i128;
    i64::try_from(nanos).ok().map(Timestamp)
}

/// Fails with Puppet's message for a timezone it cannot read.
pub fn check_timezone(tz: &str) -> Result<()> {
    tz_offset(tz).map(|_| ()).ok_or_else(|| Error::argument(format!("Illegal timezone '{tz}'")))
}

fn tz_offset(tz: &str) -> Option<i64> {
    match tz {
        "UTC" | "GMT" | "Z" | "utc" => return Some(0),
        _ => {}
    }
    let (sign, rest) = match tz.as_bytes().first()? {
        b'+' => (1, &tz[1..]),
        b'-' => (-1, &tz[1..]),
        _ => return None,
    };
    let digits: String = rest.chars().filter(|c| *c != ':').collect();
    if digits.len() != 4 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let h: i64 = digits[0..2].parse().ok()?;
    let m: i64 = digits[2..4].parse().ok()?;
    Some(sign * (h * 3600 + m * 60))
}
