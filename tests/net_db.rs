//! Where the online tests keep their games: an SQLite file in a folder of
//! the test's own, or a fresh PostgreSQL database made for the test and
//! dropped after it.
//!
//! PostgreSQL is the one that `VARIANTARIUM_TEST_POSTGRES` names (a
//! connection string whose user may create databases), else a private
//! server this process starts once: `initdb` in a temporary folder, then
//! `postgres` listening only on a unix socket there (no TCP). The private
//! server reads its standard input from this process and stops when that
//! closes, so it goes with the process however the process ends. Without
//! either, a PostgreSQL test fails, saying what to install or set.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use variantarium::net::postgres::{PgStore, connect};
use variantarium::net::server::Database;
use variantarium::net::sqlite::SqliteStore;
use variantarium::net::store::Store;

/// Each test named here runs once on each backend, as `NAME::sqlite` and
/// `NAME::postgres`: the function `NAME` takes the backend.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[test]
            fn sqlite() {
                super::$name($crate::net_db::Backend::Sqlite)
            }
            #[test]
            fn postgres() {
                super::$name($crate::net_db::Backend::Postgres)
            }
        }
    )*};
}

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// One test's database: an SQLite file in a folder of the test's own, or
/// a PostgreSQL database.
pub struct TestDb {
    /// What a server is given, and the same as `serve --db`'s argument.
    pub db: Database,
    pub arg: String,
    /// The PostgreSQL database to drop at the end.
    made: Option<String>,
}

/// A folder of the test's own, empty.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("variantarium-net-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

impl TestDb {
    /// A new, empty database for the test `name`.
    pub fn new(name: &str, backend: Backend) -> TestDb {
        match backend {
            Backend::Sqlite => {
                let path = scratch(&format!("{name}-{backend:?}")).join("games.sqlite");
                TestDb {
                    arg: path.display().to_string(),
                    db: Database::Sqlite(path),
                    made: None,
                }
            }
            Backend::Postgres => {
                let (name, url) = cluster().create_database();
                TestDb {
                    db: Database::Postgres(url.clone()),
                    arg: url,
                    made: Some(name),
                }
            }
        }
    }

    /// The store, opened beside the server, to read what it committed.
    pub fn store(&self) -> Box<dyn Store> {
        match &self.db {
            Database::Sqlite(path) => Box::new(SqliteStore::open(path).unwrap()),
            Database::Postgres(url) => {
                let _inside = cluster().runtime.enter();
                Box::new(PgStore::open(url).unwrap())
            }
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Some(name) = &self.made {
            cluster().execute(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        }
    }
}

/// The PostgreSQL server of this test process.
struct Cluster {
    /// A connection string to a database of it where databases are made.
    base: String,
    runtime: tokio::runtime::Runtime,
    /// The private server, if this process started it: kept until the
    /// process ends, its standard input with it.
    _server: Option<Mutex<Child>>,
}

fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
    match CLUSTER.get_or_init(Cluster::start) {
        Ok(cluster) => cluster,
        Err(reason) => panic!("{reason}"),
    }
}

impl Cluster {
    fn start() -> Result<Cluster, String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| e.to_string())?;
        let (base, server) = match std::env::var("VARIANTARIUM_TEST_POSTGRES") {
            Ok(base) => (base, None),
            Err(_) => {
                let (base, child) = private_server().map_err(|e| {
                    format!(
                        "PostgreSQL tests: {e} (install postgresql, or set \
                         VARIANTARIUM_TEST_POSTGRES to a connection string)"
                    )
                })?;
                (base, Some(Mutex::new(child)))
            }
        };
        let cluster = Cluster {
            base,
            runtime,
            _server: server,
        };
        cluster.wait_until_up()?;
        Ok(cluster)
    }

    /// Up to 30 s for a server just started to take connections.
    fn wait_until_up(&self) -> Result<(), String> {
        let mut last = String::new();
        for _ in 0..300 {
            match self.runtime.block_on(connect(&self.base)) {
                Ok(_) => return Ok(()),
                Err(e) => last = e,
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        Err(format!("PostgreSQL tests: {last}"))
    }

    fn execute(&self, sql: &str) {
        let done = self.runtime.block_on(async {
            let client = connect(&self.base).await?;
            client.batch_execute(sql).await.map_err(|e| e.to_string())
        });
        done.unwrap_or_else(|e| panic!("{sql}: {e}"));
    }

    /// A new database's name and connection string.
    fn create_database(&self) -> (String, String) {
        static MADE: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!(
            "t_{}_{}_{nanos}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        );
        self.execute(&format!("CREATE DATABASE {name}"));
        (name.clone(), with_dbname(&self.base, &name))
    }
}

/// The connection string `base` with its database replaced by `name`: a
/// later `dbname` wins in both forms.
fn with_dbname(base: &str, name: &str) -> String {
    if base.contains("://") {
        let join = if base.contains('?') { '&' } else { '?' };
        format!("{base}{join}dbname={name}")
    } else {
        format!("{base} dbname={name}")
    }
}

/// The newest PostgreSQL of /usr/lib/postgresql with `initdb`.
fn postgres_bin() -> Result<PathBuf, String> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|_| "no /usr/lib/postgresql".to_string())?
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found
        .pop()
        .map(|(_, bin)| bin)
        .ok_or_else(|| "no initdb in /usr/lib/postgresql/*/bin".into())
}

fn is_root() -> bool {
    let id = Command::new("id").arg("-u").output();
    id.is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// A command run as the `postgres` user when this process is root
/// (initdb and postgres refuse to run as root), else as this user.
fn as_postgres(program: &Path, root: bool) -> Command {
    if root {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// Makes a cluster in a temporary folder and starts its server on a unix
/// socket there: the connection string and the server's process.
fn private_server() -> Result<(String, Child), String> {
    let bin = postgres_bin()?;
    let root = is_root();
    let dir = std::env::temp_dir().join(format!("variantarium-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if root {
        let owned = Command::new("chown").arg("postgres:").arg(&dir).status();
        if !owned.is_ok_and(|s| s.success()) {
            return Err("cannot give the temporary folder to the postgres user".into());
        }
    }
    let data = dir.join("data");
    let init = as_postgres(&bin.join("initdb"), root)
        .args([
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "-D",
        ])
        .arg(&data)
        .output()
        .map_err(|e| format!("cannot run initdb: {e}"))?;
    if !init.status.success() {
        let err = String::from_utf8_lossy(&init.stderr);
        let line = err.lines().next().unwrap_or("").to_string();
        return Err(format!("initdb failed: {line}"));
    }
    // The shell waits for this process's end (its standard input closing),
    // then stops the server at once and removes the folder. fsync is off:
    // the tests kill the game server, never the database's machine.
    let script = r#"bin=$1; dir=$2
"$bin/postgres" -D "$dir/data" -k "$dir" -c listen_addresses= -c fsync=off \
    >"$dir/log" 2>&1 </dev/null &
server=$!
read -r _
kill -QUIT "$server"; wait "$server"; rm -rf "$dir""#;
    let child = as_postgres(Path::new("sh"), root)
        .args(["-c", script, "sh"])
        .arg(&bin)
        .arg(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start postgres: {e}"))?;
    let base = format!("host={} user=postgres dbname=postgres", dir.display());
    Ok((base, child))
}
