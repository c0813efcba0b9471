//! The time a script has run, counted in its thread's CPU time. A runaway rule is stopped
//! after a second of its own work however busy the machine is: a wall-clock limit also
//! stopped sound rules whenever builds, a browser and tests shared two cores.

use std::ops::Add;
use std::time::Duration;

/// A reading of the current thread's CPU clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CpuInstant(Duration);

impl CpuInstant {
    /// The CPU time this thread has used so far.
    pub fn now() -> CpuInstant {
        CpuInstant(thread_cpu_time())
    }

    /// The CPU time this thread has used since this reading.
    pub fn elapsed(self) -> Duration {
        thread_cpu_time().saturating_sub(self.0)
    }
}

impl Add<Duration> for CpuInstant {
    type Output = CpuInstant;

    fn add(self, later: Duration) -> CpuInstant {
        CpuInstant(self.0 + later)
    }
}

#[cfg(unix)]
fn thread_cpu_time() -> Duration {
    use nix::time::{clock_gettime, ClockId};
    // The clock exists on every Unix the project builds on; should it fail, the wall
    // clock since the first reading stands in, as on other systems.
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map_or_else(|_| wall_time(), Duration::from)
}

#[cfg(not(unix))]
fn thread_cpu_time() -> Duration {
    wall_time()
}

/// Wall-clock time since the first reading: where no thread CPU clock can be read.
fn wall_time() -> Duration {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_work_not_sleep() {
        let start = CpuInstant::now();
        std::thread::sleep(Duration::from_millis(50));
        let slept = CpuInstant::now();
        assert!(
            slept < start + Duration::from_millis(25),
            "sleep is not work"
        );
        let mut x = 0u64;
        while CpuInstant::now() < slept + Duration::from_millis(20) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(x > 0);
    }
}
