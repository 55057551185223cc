//! Explore's try-it tasks (`model::tasks`): each ticks itself when the model says it is
//! done, and says so in words, not only with the mark.

use yew::prelude::*;

use crate::i18n::{Lang, Msg, Ui};
use crate::model::State;

fn task(id: &str, done: bool, text: String, note: Option<String>, lang: Lang) -> Html {
    html! {
        <li id={id.to_string()} class={classes!("task", done.then_some("done"))}>
            <span class="task-mark" aria-hidden="true">{ if done { "✓" } else { "○" } }</span>
            <span>
                { text }
                <span class="visually-hidden">{ " " }{ lang.ui(if done { Ui::TaskDone } else { Ui::TaskNotYet }) }</span>
                if let Some(note) = note {
                    <span class="muted task-note">{ " (" }{ note }{ ")" }</span>
                }
            </span>
        </li>
    }
}

/// The tasks card. A function rather than a component: it keeps no state of its own.
pub(crate) fn tasks(state: &State, lang: Lang) -> Html {
    let done = state.tasks;
    let name = |i: usize| state.nodes.get(i).map(|n| n.name.clone());
    let twice = match (name(0), name(1)) {
        (Some(a), Some(b)) => task(
            "task-twice",
            done.twice,
            lang.t(Msg::task_twice(a, b)),
            None,
            lang,
        ),
        _ => Html::default(),
    };
    html! {
        <section class="card tasks" id="tasks" aria-labelledby="tasks-title">
            <h2 id="tasks-title">{ lang.ui(Ui::TasksTitle) }</h2>
            <ul class="task-list">
                { task("task-busiest", done.busiest_removed, lang.ui(Ui::TaskBusiest).to_string(), None, lang) }
                { task("task-r1", done.r1_vnodes.is_some(), lang.ui(Ui::TaskR1).to_string(),
                    done.r1_vnodes.map(|vnodes| lang.t(Msg::task_best(vnodes))), lang) }
                { twice }
            </ul>
        </section>
    }
}
