//! ÁREAS on a transport (CREACIÓN DE TRANSPORTES; OPEN_READINGS A26). Decisions (RULES.md,
//! "Transportes", an area on a transport's square): an area template that covers the square of
//! a standing transport hits the transport — the area's DAÑ (half, rounded up, on a square it
//! covers partly, as for a base) against its CH DEF (its DEF), as a shot at it; its passengers
//! are inside the template too, and the area reaches them only when the transport is **open**:
//! no protection equipped on it (a mount, an open car: nothing but its frame between them and
//! the blast). A transport with protections equipped («la suma de las DEF equipadas») is a
//! closed hull: only its explosion reaches the passengers (A26 (a)).

use crate::actions::combat::{attack_damage, Attack};
use crate::basics::area::{Coverage, Template};
use crate::basics::check::Log;
use crate::basics::dice::DiceSource;
use crate::creation::effect::Scope;
use crate::state::State;

/// The area `a` landed as `tpl` (its criticality, its extra DAÑ) on every standing transport
/// whose square it covers. Callers check that the position has transports.
pub(crate) fn hit_transports(
    st: &mut State,
    d: &mut dyn DiceSource,
    log: &mut Log,
    a: &Attack,
    tpl: &Template,
    critical: bool,
    extra: i16,
) {
    for t in 0..st.num_transports() {
        if st.transport_destroyed(t) {
            continue;
        }
        let half = match tpl.coverage(st.transport(t).pos) {
            Coverage::None => continue,
            Coverage::Partial => true,
            Coverage::Full => false,
        };
        let mut dmg = (attack_damage(st, a, critical) + extra).max(0);
        if half {
            // Redondeo: «Hasta N'49 se redondean a N, y para N'5 o más a N+1».
            dmg = (dmg + 1) / 2;
        }
        // The area weapon's DEF cut (Munición perforante …), as on a character under it.
        let pierce = crate::actions::combat::weapon_pierce(st, a.attacker, a.weapon, critical);
        st.hit_transport(a.attacker, a.weapon, t, dmg, pierce, Scope::Ranged, d, log);
    }
}
