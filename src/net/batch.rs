//! Group commit: the steps of many games go to one writer per store, which
//! commits whatever has queued up in one transaction (one fsync), then
//! answers each step. The steps that arrive while a batch is being
//! written wait for the next one. A step is answered only once its batch
//! is durable, and each step has its own answer: one refused (its event
//! number already used) takes none of the others down.
//!
//! [`Committer`] is the queue's sending end, cloned by whoever commits;
//! [`Queue`] is the writer's end, which hands out [`Batch`]es.

use futures_util::future::BoxFuture;
use tokio::sync::{mpsc, oneshot};

use super::step::Commit;

/// The most steps one batch takes; the rest wait for the next.
pub const MAX_BATCH: usize = 1024;

/// Each step's answer, in the order the steps were given.
type Answers = Vec<Result<(), String>>;

/// Steps queued together: they go in the same batch.
struct Submission {
    commits: Vec<Commit>,
    answer: oneshot::Sender<Answers>,
}

/// Where steps are queued for a store's writer. Cheap to clone.
#[derive(Clone)]
pub struct Committer {
    queue: mpsc::UnboundedSender<Submission>,
}

/// The writer's end of the queue.
pub struct Queue {
    queue: mpsc::UnboundedReceiver<Submission>,
}

/// A new queue: its sending end and the writer's.
pub fn queue() -> (Committer, Queue) {
    let (tx, rx) = mpsc::unbounded_channel();
    (Committer { queue: tx }, Queue { queue: rx })
}

const STOPPED: &str = "database: the writer has stopped";

impl Committer {
    /// Queues steps to be written in the same batch; the answers come
    /// once that batch is durable (or refused).
    fn submit(&self, commits: Vec<Commit>) -> Result<oneshot::Receiver<Answers>, String> {
        let (answer, answered) = oneshot::channel();
        self.queue
            .send(Submission { commits, answer })
            .map_err(|_| STOPPED.to_string())?;
        Ok(answered)
    }

    /// Queues one step now; the future is its answer.
    pub fn commit(&self, commit: Commit) -> BoxFuture<'static, Result<(), String>> {
        let submitted = self.submit(vec![commit]);
        Box::pin(async move {
            let answers = submitted?.await.map_err(|_| STOPPED.to_string())?;
            answers.into_iter().next().unwrap_or(Err(STOPPED.into()))
        })
    }

    /// Commits steps in one batch and waits for their answers: from a
    /// thread outside the runtime, or inside `block_in_place`.
    pub fn commit_together(&self, commits: Vec<Commit>) -> Answers {
        let count = commits.len();
        let answers = self
            .submit(commits)
            .and_then(|answered| answered.blocking_recv().map_err(|_| STOPPED.to_string()));
        match answers {
            Ok(answers) => answers,
            Err(reason) => vec![Err(reason); count],
        }
    }
}

/// The steps one transaction writes, answered together once it is done.
pub struct Batch {
    submissions: Vec<Submission>,
}

impl Batch {
    /// Every step of the batch, in the order they are answered.
    pub fn commits(&self) -> impl Iterator<Item = &Commit> {
        self.submissions.iter().flat_map(|s| s.commits.iter())
    }

    pub fn len(&self) -> usize {
        self.submissions.iter().map(|s| s.commits.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Answers every step: `answers` in the order of [`Batch::commits`].
    pub fn answer(self, answers: Answers) {
        let mut answers = answers.into_iter();
        for submission in self.submissions {
            let mine: Answers = (0..submission.commits.len())
                .map(|_| answers.next().unwrap_or(Err(STOPPED.into())))
                .collect();
            // The one who asked may be gone (its game's task stopped).
            let _ = submission.answer.send(mine);
        }
    }

    /// Answers every step with the same refusal.
    pub fn refuse(self, reason: &str) {
        let answers = vec![Err(reason.to_string()); self.len()];
        self.answer(answers);
    }

    /// Adds the submissions already queued, up to [`MAX_BATCH`] steps.
    fn fill(&mut self, queue: &mut mpsc::UnboundedReceiver<Submission>) {
        let mut steps = self.len();
        while steps < MAX_BATCH {
            match queue.try_recv() {
                Ok(submission) => {
                    steps += submission.commits.len();
                    self.submissions.push(submission);
                }
                Err(_) => break,
            }
        }
    }
}

impl Queue {
    /// The next batch: waits for a step, then takes every step queued
    /// behind it. None once every [`Committer`] is gone.
    pub async fn next(&mut self) -> Option<Batch> {
        let first = self.queue.recv().await?;
        let mut batch = Batch {
            submissions: vec![first],
        };
        batch.fill(&mut self.queue);
        Some(batch)
    }

    /// [`Queue::next`] for a writer on a thread of its own.
    pub fn next_blocking(&mut self) -> Option<Batch> {
        let first = self.queue.blocking_recv()?;
        let mut batch = Batch {
            submissions: vec![first],
        };
        batch.fill(&mut self.queue);
        Some(batch)
    }
}
