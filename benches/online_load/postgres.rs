//! The PostgreSQL of a run: a new database in the server that
//! `VARIANTARIUM_TEST_POSTGRES` names (dropped at the end), else a private
//! server of the run's own, made with `initdb` in a temporary folder and
//! listening only on a unix socket there, with PostgreSQL's default
//! durability (fsync and synchronous commit on). The private server reads
//! its standard input from this process and stops when that closes, so it
//! goes with the run however the run ends.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tokio::runtime::Runtime;
use variantarium::net::postgres::connect;

pub struct Postgres {
    /// The connection string the game server is given.
    pub url: String,
    /// Where databases are made and dropped, and the one made for the run.
    made: Option<(String, String)>,
    server: Option<Child>,
}

impl Postgres {
    pub fn start(runtime: &Runtime) -> Result<Postgres, String> {
        if let Ok(base) = std::env::var("VARIANTARIUM_TEST_POSTGRES") {
            wait_until_up(runtime, &base)?;
            let name = format!("load_{}", std::process::id());
            execute(runtime, &base, &format!("CREATE DATABASE {name}"))?;
            let url = with_dbname(&base, &name);
            return Ok(Postgres {
                url,
                made: Some((base, name)),
                server: None,
            });
        }
        let (url, child) = private_server().map_err(|e| {
            format!("PostgreSQL: {e} (install postgresql, or set VARIANTARIUM_TEST_POSTGRES)")
        })?;
        let postgres = Postgres {
            url,
            made: None,
            server: Some(child),
        };
        wait_until_up(runtime, &postgres.url)?;
        Ok(postgres)
    }

    /// Drops the run's database, or stops the private server.
    pub fn stop(mut self, runtime: &Runtime) {
        if let Some((base, name)) = self.made.take() {
            let dropped = execute(
                runtime,
                &base,
                &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
            );
            if let Err(e) = dropped {
                eprintln!("online_load: could not drop the database {name}: {e}");
            }
        }
        if let Some(mut child) = self.server.take() {
            drop(child.stdin.take());
            let _ = child.wait();
        }
    }
}

fn execute(runtime: &Runtime, url: &str, sql: &str) -> Result<(), String> {
    runtime.block_on(async {
        let client = connect(url).await?;
        client
            .batch_execute(sql)
            .await
            .map_err(|e| format!("{sql}: {e}"))
    })
}

/// Up to 30 s for a server just started to take connections.
fn wait_until_up(runtime: &Runtime, url: &str) -> Result<(), String> {
    let mut last = String::new();
    for _ in 0..300 {
        match runtime.block_on(connect(url)) {
            Ok(_) => return Ok(()),
            Err(e) => last = e,
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    Err(format!("PostgreSQL: {last}"))
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
    let dir = std::env::temp_dir().join(format!("variantarium-load-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    if root {
        let owned = Command::new("chown").arg("postgres:").arg(&dir).status();
        if !owned.is_ok_and(|s| s.success()) {
            return Err("cannot give the temporary folder to the postgres user".into());
        }
    }
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
        .arg(dir.join("data"))
        .output()
        .map_err(|e| format!("cannot run initdb: {e}"))?;
    if !init.status.success() {
        let err = String::from_utf8_lossy(&init.stderr);
        return Err(format!(
            "initdb failed: {}",
            err.lines().next().unwrap_or("")
        ));
    }
    // The shell waits for this process's end (its standard input closing),
    // then stops the server at once and removes the folder.
    let script = r#"bin=$1; dir=$2
"$bin/postgres" -D "$dir/data" -k "$dir" -c listen_addresses= >"$dir/log" 2>&1 </dev/null &
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
    let url = format!("host={} user=postgres dbname=postgres", dir.display());
    Ok((url, child))
}
