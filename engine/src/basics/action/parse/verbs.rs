//! The verbs of the action notation: the Spanish action ids (GLOSSARY.md, ASCII-folded) read as
//! aliases of the English verbs, and the folding of the rulebook's spelling to those ids.

/// Spanish action ids (ASCII-folded, GLOSSARY) accepted as aliases of the English verbs.
pub(super) fn canonical_verb(v: &str) -> &str {
    spanish_verb(v).unwrap_or(v)
}

/// The English verb a Spanish action id (ASCII-folded, words joined by `_`: `escalar`,
/// `salto_de_longitud`) names, if it names one (also Maestría (X), `setup::statics`).
pub fn spanish_verb(v: &str) -> Option<&'static str> {
    Some(match v {
        "terminar" | "fin" | "finalizar" | "terminar_actuacion" => "end",
        "reaccionar" | "reaccion" => "react",
        "mover" => "move",
        "correr" => "run",
        "esprintar" => "sprint",
        "mover_sin_hacer_ruido" | "sigilo" => "sneak",
        "escalar" => "climb",
        "180" | "180_grados" | "giro_180" => "turn180",
        "nadar" => "swim",
        "mover_cargado" | "mover_cargado_con_un_objeto" | "transportar" => "carry",
        "salto_de_longitud" | "saltar" => "jump",
        "escalar_a_lo_alto" | "trepar" => "scale",
        "subir_a_un_alto" => "leap-up",
        "dejarse_caer" => "fall",
        "cambiar_de_altitud" | "despegar" | "aterrizar" | "despegar_aterrizar" => "altitude",
        "embarcar" => "embark",
        "desembarcar" => "disembark",
        "conducir" | "mover_transporte" => "drive",
        "correr_transporte" => "drive-run",
        "pivotar_transporte" => "pivot-transport",
        "maniobrar" => "manoeuvre",
        "disparar_transporte" => "shoot-transport",
        "super_salto" => "super-jump",
        "embestir_con_transporte" => "ram-transport",
        "atacar_mecha" | "cac_transporte" => "melee-transport",
        "agacharse" => "crouch",
        "cuerpo_a_tierra" => "prone",
        "levantarse" => "stand",
        "pivotar" => "pivot",
        "ataque_a_distancia" | "disparar" => "shoot",
        "ataque_a_larga_distancia" => "shoot-long",
        "ataque_a_bulto" => "shoot-wide",
        "ataque_a_un_combate_cac" => "shoot-melee",
        "ataque_a_ciegas" => "shoot-blind",
        "ataque_cac" => "melee",
        "ataque_cac_sin_armas" => "unarmed",
        "cargar" => "charge",
        "contracarga" => "countercharge",
        "destrabarse" => "disengage",
        "esquivar" | "esquivar_en_cac" => "dodge",
        "empujar" => "push",
        "desarmar" => "disarm",
        "noquear" => "knockout",
        "inmovilizar" | "immobilize" => "immobilise",
        "liberarse" => "free",
        "huir" => "flee",
        "ataque_sorpresa" => "surprise",
        "apoyar" => "support",
        "concentrarse" => "concentrate",
        "curar" | "reparar" => "heal",
        "en_guardia" => "guard",
        "esconderse" => "hide",
        "esperar" => "wait",
        "percibir" => "perceive",
        "recargar" => "reload",
        "corromper" | "hackear" => "hack",
        "curar_estres" => "heal-stress",
        "contramagia" => "counter-magic",
        "combate_mental" => "mental-combat",
        "poseer" => "possess",
        "marcar" | "marcar_un_objetivo" => "mark",
        "embestir" => "ram",
        "lanzar" | "lanzar_armas" | "lanzar_objetos" => "throw",
        "soltar" => "drop",
        "ataque_cac_con_objeto_improvisado" | "objeto_improvisado" => "club",
        "atar" => "tie",
        "desatarse" => "untie",
        "comerciar" => "trade",
        "saquear" => "loot",
        "recoger" | "coger" => "pickup",
        "buscar" => "search",
        "puerta" => "door",
        "usar" | "usar_objeto" => "use",
        "desenfundar" => "draw",
        "eliminar" => "eliminate",
        "usar_metahabilidad" | "metahabilidad" | "mantener_metahabilidad" => "meta",
        "ataque_de_area" | "area_de_efecto" => "area",
        "coctel" | "coctel_de_vitaminas" => "cocktail",
        "desafiar" => "challenge",
        "desaparecer" => "disappear",
        "invocar" | "invocar_avatar" => "invoke",
        "senuelo" => "decoy",
        "retros" | "parar_en_el_aire" => "hover",
        _ => return None,
    })
}

/// A word as the verbs are matched: lower case, the Spanish accents and ñ folded to ASCII
/// (`Curar_Estrés` → `curar_estres`), so the rulebook's spelling is read as the ids are.
pub(super) fn fold(w: &str) -> String {
    w.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'ä' => 'a',
            'é' | 'è' | 'ë' => 'e',
            'í' | 'ì' | 'ï' => 'i',
            'ó' | 'ò' | 'ö' => 'o',
            'ú' | 'ù' | 'ü' => 'u',
            'ñ' => 'n',
            c => c,
        })
        .collect()
}
