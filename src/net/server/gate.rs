//! How many connections the server holds, in all and from each address: a
//! connection is let in only with a [`Permit`], which counts it until the
//! last holder drops it. One address cannot take every place, and the
//! total stays below the process's open-file limit so that the server can
//! always still answer a refusal, open its database and accept again.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::config::Limits;

/// The open-file descriptors kept for everything that is not a
/// connection: the listener, the database and its journal, standard
/// streams, a PostgreSQL connection or two, the refusals being written.
pub const FILES_KEPT: u64 = 64;

/// Refusals being written at once; a connection beyond them is closed
/// without a word (a flood is not answered one by one).
const MAX_REFUSING: usize = 32;

pub struct Gate {
    /// Connections in all at once.
    max_total: usize,
    /// Connections from one address (one IPv6 /64) at once; 0: no cap.
    per_address: usize,
    /// Whether connections from this machine count against the
    /// per-address cap (a proxy on the same machine connects from there).
    cap_loopback: bool,
    open: Mutex<Open>,
    refusing: AtomicUsize,
}

/// A refusal being written: it holds one of the few places for them.
pub struct Refusing(Arc<Gate>);

impl Drop for Refusing {
    fn drop(&mut self) {
        self.0.refusing.fetch_sub(1, Ordering::Relaxed);
    }
}

#[derive(Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A place taken by one connection.
pub struct Permit {
    gate: Arc<Gate>,
    address: IpAddr,
}

impl Gate {
    /// A gate for the limits, its total cap lowered to fit `open_files`
    /// (the process's limit on open files).
    pub fn new(limits: &Limits, open_files: u64) -> Arc<Gate> {
        let fits = open_files.saturating_sub(FILES_KEPT).max(1);
        let max_total = limits
            .max_connections
            .min(usize::try_from(fits).unwrap_or(usize::MAX));
        Arc::new(Gate {
            max_total,
            per_address: limits.max_connections_per_address,
            cap_loopback: limits.cap_loopback,
            open: Mutex::new(Open::default()),
            refusing: AtomicUsize::new(0),
        })
    }

    fn open(&self) -> MutexGuard<'_, Open> {
        // Each change is one counter: nothing is left half-done by a panic.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The most connections this gate lets in at once.
    pub fn max_total(&self) -> usize {
        self.max_total
    }

    /// Connections holding a permit now.
    pub fn count(&self) -> usize {
        self.open().total
    }

    /// A place to write a refusal, if there is one.
    pub fn refusing(self: &Arc<Self>) -> Option<Refusing> {
        let before = self.refusing.fetch_add(1, Ordering::Relaxed);
        let place = Refusing(Arc::clone(self));
        (before < MAX_REFUSING).then_some(place)
    }

    /// A permit for a connection from `peer`, or why there is none (one
    /// line, for the refusal).
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Result<Permit, String> {
        let address = address_key(peer);
        let capped = self.per_address > 0 && (self.cap_loopback || !address.is_loopback());
        let mut open = self.open();
        if open.total >= self.max_total {
            return Err("the server is full: try again later".into());
        }
        let from_here = open.by_address.get(&address).copied().unwrap_or(0);
        if capped && from_here >= self.per_address {
            return Err(format!(
                "too many connections from your address (at most {})",
                self.per_address
            ));
        }
        open.total += 1;
        open.by_address.insert(address, from_here + 1);
        Ok(Permit {
            gate: Arc::clone(self),
            address,
        })
    }
}

impl Permit {
    /// The address (or IPv6 /64) the connection counts against.
    pub fn address(&self) -> IpAddr {
        self.address
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut open = self.gate.open();
        open.total = open.total.saturating_sub(1);
        if let Some(count) = open.by_address.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.by_address.remove(&self.address);
            }
        }
    }
}

/// Who a game waiting for players counts against: the address of the
/// connection that made it, or the connection itself when its address is
/// this machine's and not capped (everyone behind a proxy shares it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Address(IpAddr),
    Connection(u64),
}

impl Owner {
    pub fn of(peer: IpAddr, conn: u64, limits: &Limits) -> Owner {
        let address = address_key(peer);
        if address.is_loopback() && !limits.cap_loopback {
            Owner::Connection(conn)
        } else {
            Owner::Address(address)
        }
    }
}

/// The address a connection counts against: an IPv4 address (also when
/// it comes mapped into IPv6), or the /64 network of an IPv6 address,
/// which one subscriber usually holds whole.
fn address_key(peer: IpAddr) -> IpAddr {
    match peer {
        IpAddr::V4(_) => peer,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None if v6.is_loopback() => peer,
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        },
    }
}

/// Raises the soft limit on open files to the hard one, and answers the
/// limit now in force (what the total of connections must stay below).
#[cfg(unix)]
pub fn raise_open_file_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return 1024;
    }
    if limit.rlim_cur < limit.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        // SAFETY: as above.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            limit = raised;
        }
    }
    // rlim_t is u64 on Linux, another width elsewhere.
    #[allow(clippy::useless_conversion)]
    u64::try_from(limit.rlim_cur).unwrap_or(u64::MAX)
}

#[cfg(not(unix))]
pub fn raise_open_file_limit() -> u64 {
    u64::MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_address_and_the_total_are_capped_and_a_dropped_permit_frees_its_place() {
        let limits = Limits {
            max_connections: 1000,
            max_connections_per_address: 2,
            cap_loopback: true,
            ..Limits::default()
        };
        let gate = Gate::new(&limits, FILES_KEPT + 5);
        assert_eq!(gate.max_total(), 5);
        let a: IpAddr = "203.0.113.7".parse().unwrap();
        let first = gate.admit(a).unwrap();
        let _second = gate.admit(a).unwrap();
        assert!(gate.admit(a).err().unwrap().contains("your address"));
        // Another host of the same IPv6 /64 counts as the same address.
        let b: IpAddr = "2001:db8::1".parse().unwrap();
        let c: IpAddr = "2001:db8::2".parse().unwrap();
        let _third = gate.admit(b).unwrap();
        let _fourth = gate.admit(c).unwrap();
        assert!(gate.admit(b).is_err());
        drop(first);
        let _again = gate.admit(a).unwrap();
        let _fifth = gate.admit("198.51.100.1".parse().unwrap()).unwrap();
        let full = gate.admit("198.51.100.2".parse().unwrap()).err().unwrap();
        assert!(full.contains("full"), "{full}");
        assert_eq!(gate.count(), 5);
    }
}
