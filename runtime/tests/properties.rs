//! Algebraic properties of integer arithmetic over many deterministic
//! pseudo-random operands: Ruby's floor division and modulo, exact overflow
//! detection (compared with 128-bit arithmetic), shifts, and that `==` and
//! ordering agree.

use pjit_runtime::ops::{self, ArithOp, CmpOp};
use pjit_runtime::Value;

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn operand(&mut self) -> i64 {
        match self.next() % 4 {
            0 => (self.next() % 21) as i64 - 10,
            1 => (self.next() % 2_000_001) as i64 - 1_000_000,
            2 => self.next() as i64,
            _ => [i64::MIN, i64::MAX, i64::MIN + 1, -1, 0, 1][(self.next() % 6) as usize],
        }
    }
}

fn int(v: Result<Value, pjit_runtime::Error>) -> Result<i64, &'static str> {
    match v {
        Ok(Value::Integer(i)) => Ok(i),
        Ok(_) => Err("not an integer"),
        Err(e) => Err(e.issue()),
    }
}

#[test]
fn integer_arithmetic_matches_128_bit_reference() {
    let mut rng = Rng(42);
    for _ in 0..20_000 {
        let (a, b) = (rng.operand(), rng.operand());
        let (va, vb) = (Value::Integer(a), Value::Integer(b));
        let fits = |r: i128| i64::try_from(r).map_err(|_| "NUMERIC_OVERFLOW");
        assert_eq!(int(ops::arithmetic(ArithOp::Add, &va, &vb)), fits(a as i128 + b as i128), "{a} + {b}");
        assert_eq!(int(ops::arithmetic(ArithOp::Sub, &va, &vb)), fits(a as i128 - b as i128), "{a} - {b}");
        assert_eq!(int(ops::arithmetic(ArithOp::Mul, &va, &vb)), fits(a as i128 * b as i128), "{a} * {b}");
        if b == 0 {
            assert_eq!(int(ops::arithmetic(ArithOp::Div, &va, &vb)), Err("DIV_BY_ZERO"));
            assert_eq!(int(ops::arithmetic(ArithOp::Mod, &va, &vb)), Err("DIV_BY_ZERO"));
            continue;
        }
        // Ruby: q = floor(a / b), r = a - q * b, and r has the sign of b.
        let (a1, b1) = (a as i128, b as i128);
        let q = a1.div_euclid(b1) - if b1 < 0 && a1.rem_euclid(b1) != 0 { 1 } else { 0 };
        let r = a1 - q * b1;
        assert_eq!(int(ops::arithmetic(ArithOp::Div, &va, &vb)), fits(q), "{a} / {b}");
        assert_eq!(int(ops::arithmetic(ArithOp::Mod, &va, &vb)), fits(r), "{a} % {b}");
        assert!(r == 0 || (r < 0) == (b < 0), "{a} % {b} sign");
        let lt = ops::comparison(CmpOp::Lt, &va, &vb).unwrap();
        let eq = ops::comparison(CmpOp::Eq, &va, &vb).unwrap();
        let gt = ops::comparison(CmpOp::Gt, &va, &vb).unwrap();
        assert_eq!((lt, eq, gt), (a < b, a == b, a > b));
    }
}

#[test]
fn shifts_match_reference() {
    let mut rng = Rng(7);
    for _ in 0..20_000 {
        let a = rng.operand();
        let n = (rng.next() % 140) as i64 - 70;
        let got = int(ops::arithmetic(ArithOp::Shl, &Value::Integer(a), &Value::Integer(n)));
        let want: Result<i64, &str> = if n >= 0 {
            if a == 0 {
                Ok(0)
            } else if n >= 64 {
                Err("NUMERIC_OVERFLOW")
            } else {
                i64::try_from((a as i128) << n).map_err(|_| "NUMERIC_OVERFLOW")
            }
        } else {
            let m = (-n) as u32;
            Ok(if m >= 64 { if a < 0 { -1 } else { 0 } } else { a >> m })
        };
        assert_eq!(got, want, "{a} << {n}");
        let right = int(ops::arithmetic(ArithOp::Shr, &Value::Integer(a), &Value::Integer(-n)));
        assert_eq!(right, want, "{a} >> {}", -n);
    }
}
