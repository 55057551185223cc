//! Play, pause, speed and replay of the last change's animation.

use yew::prelude::*;

use crate::effects::Playback;
use crate::i18n::{Lang, Ui};

const SPEEDS: [(f64, &str); 4] = [(0.25, "¼×"), (0.5, "½×"), (1.0, "1×"), (2.0, "2×")];

/// The animation controls; `enabled` when there is a change to play.
/// A function rather than a component: it keeps no state of its own, and a component costs
/// about 1.5 KB of wasm (measured when the wasm's size was a gate).
pub(crate) fn playback_controls(p: &Playback, enabled: bool, lang: Lang) -> Html {
    let disabled = !enabled;
    let toggle = p.ontoggle.reform(|_: MouseEvent| ());
    let replay = p.onreplay.reform(|_: MouseEvent| ());
    let onspeed = p
        .onspeed
        .reform(|e: Event| super::value_of(&e).parse::<f64>().unwrap_or(1.0));
    let (label, icon) = if p.playing {
        (lang.ui(Ui::Pause), "❚❚")
    } else {
        (lang.ui(Ui::Play), "▶")
    };
    html! {
        <div class="playback" role="group" aria-label={lang.ui(Ui::PlaybackGroup)}>
            <button type="button" id="play-pause" onclick={toggle} {disabled} aria-label={label} title={label}>
                <span aria-hidden="true">{ icon }</span>
            </button>
            <button type="button" id="replay" onclick={replay} {disabled} aria-label={lang.ui(Ui::ReplayLabel)} title={lang.ui(Ui::Replay)}>
                <span aria-hidden="true">{ "↺" }</span><span class="button-text">{ " " }{ lang.ui(Ui::Replay) }</span>
            </button>
            <label for="speed" class="inline-label">{ lang.ui(Ui::Speed) }</label>
            <select id="speed" onchange={onspeed} {disabled}>
                { for SPEEDS.iter().map(|(v, name)| html! {
                    <option value={v.to_string()} selected={(*v - p.speed).abs() < 1e-9}>{ *name }</option>
                }) }
            </select>
            if p.reduced_motion {
                <span class="muted">{ lang.ui(Ui::ReducedMotion) }</span>
            }
        </div>
    }
}
