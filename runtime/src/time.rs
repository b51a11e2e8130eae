//! Timespan and Timestamp: nanosecond counts, Puppet's `%D-%H:%M:%S.%-N`
//! style timespan formats (format and parse, as `puppet/pops/time/timespan.rb`)
//! and the default timestamp formats (`%FT%T.%N %Z` ...).
//!
//! Both are an `i128` of nanoseconds (a `Value` holds them behind an
//! `Arc`, see `value.rs`), bounded to whole seconds that fit an `i64`
//! (about ±292 billion years): Ruby's Time and Integer are unbounded, and
//! Puppet accepts years 1 to 9999 and beyond (`Timestamp(2534023008000)`
//! is in the year 82269); results outside the bound are errors, never
//! wrapped.

use chrono::{DateTime, Datelike, Timelike};

use crate::error::{Error, Result};
use crate::strptime;

pub const NSECS_PER_USEC: i128 = 1_000;
pub const NSECS_PER_MSEC: i128 = 1_000_000;
pub const NSECS_PER_SEC: i128 = 1_000_000_000;
pub const NSECS_PER_MIN: i128 = 60 * NSECS_PER_SEC;
pub const NSECS_PER_HOUR: i128 = 60 * NSECS_PER_MIN;
pub const NSECS_PER_DAY: i128 = 24 * NSECS_PER_HOUR;

/// The largest magnitude of a Timespan or Timestamp, in nanoseconds: whole
/// seconds that fit an `i64` (so `Integer($t)` always has a value).
pub const MAX_NANOS: i128 = i64::MAX as i128 * NSECS_PER_SEC;

/// `n` nanoseconds when within [`MAX_NANOS`], else Puppet's out-of-range
/// error for `what` (`Timespan`, `Timestamp`).
pub fn checked_nanos(n: Option<i128>, what: &str) -> Result<i128> {
    n.filter(|n| n.unsigned_abs() <= MAX_NANOS as u128)
        .ok_or_else(|| Error::argument(format!("{what} value is out of range")))
}

/// A duration in nanoseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timespan(pub i128);

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub i128);

impl Timespan {
    /// `n` nanoseconds, or the out-of-range error.
    pub fn new(n: Option<i128>) -> Result<Timespan> {
        checked_nanos(n, "Timespan").map(Timespan)
    }
    /// `secs` whole seconds.
    pub fn from_secs(secs: i64) -> Timespan {
        Timespan(i128::from(secs) * NSECS_PER_SEC)
    }
    pub fn nanos(self) -> i128 {
        self.0
    }
    /// Seconds as a Float (`to_f`).
    pub fn to_f(self) -> f64 {
        nanos_to_f(self.0)
    }
    /// Whole seconds, rounded down as Ruby's Integer division (`to_i`).
    pub fn to_i(self) -> i64 {
        // Within MAX_NANOS the seconds fit.
        self.0.div_euclid(NSECS_PER_SEC) as i64
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

pub(crate) fn f64_to_nanos(secs: f64) -> Result<i128> {
    let n = secs * NSECS_PER_SEC as f64;
    if !n.is_finite() || n.abs() > MAX_NANOS as f64 {
        return Err(Error::argument("Timespan value is out of range"));
    }
    Ok(n as i128)
}

/// Nanoseconds as Float seconds: whole seconds and the fraction apart, so
/// that a date far from 1970 keeps what precision a Float has there.
pub(crate) fn nanos_to_f(n: i128) -> f64 {
    (n.div_euclid(NSECS_PER_SEC) as f64) + (n.rem_euclid(NSECS_PER_SEC) as f64) / NSECS_PER_SEC as f64
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
    fn multiplier(self) -> i128 {
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
        Timespan::new(Some(nanos)).map(Some)
    }
}

impl Timestamp {
    /// `n` nanoseconds since the epoch, or the out-of-range error.
    pub fn new(n: Option<i128>) -> Result<Timestamp> {
        checked_nanos(n, "Timestamp").map(Timestamp)
    }
    /// `secs` whole seconds since the epoch.
    pub fn from_secs(secs: i64) -> Timestamp {
        Timestamp(i128::from(secs) * NSECS_PER_SEC)
    }
    pub fn nanos(self) -> i128 {
        self.0
    }
    pub fn to_f(self) -> f64 {
        nanos_to_f(self.0)
    }
    /// Whole seconds since the epoch, rounded down (`to_i`).
    pub fn to_i(self) -> i64 {
        // Within MAX_NANOS the seconds fit.
        self.0.div_euclid(NSECS_PER_SEC) as i64
    }
    pub fn from_secs_f64(secs: f64) -> Result<Timestamp> {
        f64_to_nanos(secs).map(Timestamp)
    }

    /// Chrono's date and time (years up to ±262143).
    fn to_datetime(self) -> Option<DateTime<chrono::Utc>> {
        DateTime::from_timestamp(self.to_i(), self.0.rem_euclid(NSECS_PER_SEC) as u32)
    }

    /// Puppet's default string form, `%FT%T.%N %Z` in UTC:
    /// `2012-10-10T00:00:00.000000000 UTC`, any year (`82269-12-29...`,
    /// as Ruby's Time prints it).
    pub fn to_puppet_string(self) -> String {
        let secs = self.0.div_euclid(NSECS_PER_SEC);
        let nanos = self.0.rem_euclid(NSECS_PER_SEC);
        let (days, sod) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = civil_from_days(days);
        let year = if y < 0 { format!("-{:04}", -y) } else { format!("{y:04}") };
        format!("{year}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{nanos:09} UTC", sod / 3600, sod / 60 % 60, sod % 60)
    }

    /// Parses with Puppet's default formats.
    pub fn parse(s: &str) -> Result<Timestamp> {
        Timestamp::parse_puppet(s, TimestampFormats::Default, None)
    }

    /// Puppet's `Timestamp.parse(str, format, timezone)`: each format is
    /// matched with Ruby's `Date._strptime`; with a list, the first that
    /// matches the whole text (and has no zone when a `timezone` is given)
    /// wins. The zone in the text, else `timezone`, gives the offset.
    pub fn parse_puppet(s: &str, formats: TimestampFormats<'_>, timezone: Option<&str>) -> Result<Timestamp> {
        let timezone = timezone.filter(|t| !t.is_empty());
        let list: &[&str] = match formats {
            TimestampFormats::Default if timezone.is_some() => &DEFAULT_TIMESTAMP_FORMATS[5..],
            TimestampFormats::Default => &DEFAULT_TIMESTAMP_FORMATS,
            TimestampFormats::List(l) => l,
            TimestampFormats::One(_) => &[],
        };
        let parsed = match formats {
            TimestampFormats::One(f) => {
                let p = strptime::strptime(s, f)
                    .filter(|p| !p.leftover)
                    .ok_or_else(|| Error::argument(format!("Unable to parse '{s}' using format '{f}'")))?;
                if timezone.is_some() && p.zone.is_some() {
                    return Err(Error::argument(
                        "Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument",
                    ));
                }
                p
            }
            _ => list
                .iter()
                .filter_map(|f| strptime::strptime(s, f))
                .find(|p| !p.leftover && !(timezone.is_some() && p.zone.is_some()))
                .ok_or_else(|| {
                    Error::argument(format!("Unable to parse '{s}' using any of the formats {}", list.join(", ")))
                })?,
        };
        let zone = timezone.map(str::to_string).or(parsed.zone.clone());
        let mut nanos = utc_time(&parsed)?;
        if let Some(z) = zone {
            nanos -= i128::from(utc_offset(&z)?) * NSECS_PER_SEC;
        }
        Timestamp::new(Some(nanos))
    }
}

/// The formats of a Timestamp parse: Puppet's defaults, one format (whose
/// failure names it), or a list.
#[derive(Clone, Copy, Debug)]
pub enum TimestampFormats<'a> {
    Default,
    One(&'a str),
    List(&'a [&'a str]),
}

/// Puppet's `Timestamp::DEFAULT_FORMATS`: the ones with a zone, then
/// (`DEFAULT_FORMATS_WO_TZ`) the ones without.
const DEFAULT_TIMESTAMP_FORMATS: [&str; 10] =
    ["%FT%T.%N %Z", "%FT%T %Z", "%F %T.%N %Z", "%F %T %Z", "%F %Z", "%FT%T.%N", "%FT%T", "%F %T.%N", "%F %T", "%F"];

/// Ruby's `Time.utc(year, mon, mday, hour, min, sec, usec)` of what strptime
/// found, in nanoseconds: missing fields are the start of their period, a
/// day past the month's end rolls over, `24:00:00` is the next day and a
/// 60th second the next minute.
fn utc_time(p: &strptime::Parsed) -> Result<i128> {
    let year = p.year.ok_or_else(|| Error::argument("no implicit conversion of nil into Integer"))?;
    // Far beyond what a Timestamp holds; keeps the day arithmetic below
    // from overflowing.
    if !(-1_000_000_000..=1_000_000_000).contains(&year) {
        return Err(Error::argument("Timestamp value is out of range"));
    }
    let (mon, mday) = (p.mon.unwrap_or(1), p.mday.unwrap_or(1));
    let (hour, min, sec) = (p.hour.unwrap_or(0), p.min.unwrap_or(0), p.sec.unwrap_or(0));
    if hour == 24 && min != 0 {
        return Err(Error::argument("min out of range"));
    }
    if hour == 24 && sec != 0 {
        return Err(Error::argument("sec out of range"));
    }
    let days = days_from_civil(year, mon) + (mday - 1);
    let secs = i128::from(days) * 86_400 + i128::from(hour * 3600 + min * 60 + sec);
    Ok(secs * NSECS_PER_SEC + i128::from(p.nanos.unwrap_or(0)))
}

/// The proleptic Gregorian `(year, month, day)` of a day count from
/// 1970-01-01 (the inverse of [`days_from_civil`]; H. Hinnant's algorithm).
fn civil_from_days(z: i128) -> (i128, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i128::from(m <= 2);
    (y, m, d)
}

/// Days from 1970-01-01 to the first of `mon` in `year` (proleptic
/// Gregorian, any year).
fn days_from_civil(year: i64, mon: i64) -> i64 {
    let y = if mon <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (mon + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Puppet's `Timestamp.utc_offset`: `current` is this machine's offset,
/// anything else a zone as `%z` reads it (`UTC`, `+01:00`, `EST`).
pub fn utc_offset(tz: &str) -> Result<i64> {
    if tz.eq_ignore_ascii_case("current") {
        crate::impure::mark();
        return Ok(i64::from(chrono::Local::now().offset().local_minus_utc()));
    }
    strptime::strptime(tz, "%z")
        .and_then(|p| p.zone)
        .and_then(|z| strptime::zone_offset(&z))
        .ok_or_else(|| Error::argument(format!("Illegal timezone '{tz}'")))
}

impl Timestamp {
    /// The current time.
    pub fn now() -> Timestamp {
        crate::impure::mark();
        let now = chrono::Utc::now();
        Timestamp(i128::from(now.timestamp()) * NSECS_PER_SEC + i128::from(now.timestamp_subsec_nanos()))
    }

    /// Formats with a Ruby `strftime` format in UTC or in `timezone`.
    pub fn format(self, format: &str, timezone: Option<&str>) -> Result<String> {
        let offset = match timezone {
            Some(tz) => utc_offset(tz)?,
            None => 0,
        };
        let d = self.to_datetime().ok_or_else(|| Error::argument("Timestamp out of range"))?;
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
            // Ruby writes years past 9999 without chrono's `+`.
            'Y' => ruby_year(t.year()),
            'F' => format!("{}-{:02}-{:02}", ruby_year(t.year()), t.month(), t.day()),
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

/// Ruby's `%Y`: at least 4 digits, a `-` before a negative year.
fn ruby_year(y: i32) -> String {
    if y < 0 { format!("-{:04}", -i64::from(y)) } else { format!("{y:04}") }
}

/// Fails with Puppet's message for a timezone it cannot read.
pub fn check_timezone(tz: &str) -> Result<()> {
    utc_offset(tz).map(|_| ())
}

