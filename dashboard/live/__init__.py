"""Follow a live game at a real table, one tap per event: the page
(:func:`~dashboard.live.page.render_live`, in :mod:`dashboard.live.page`), its buttons
(:mod:`dashboard.live.buttons`) and the tap pad's data (:mod:`dashboard.live.pad`). The
names other pages use are here."""

from dashboard.live.buttons import button_key, draw_groups, percent
from dashboard.live.pad import PAD_BUTTONS, tap_pads, use_pad
from dashboard.live.page import apply_taps, live_key, render_live

__all__ = [
    "PAD_BUTTONS",
    "apply_taps",
    "button_key",
    "draw_groups",
    "live_key",
    "percent",
    "render_live",
    "tap_pads",
    "use_pad",
]
