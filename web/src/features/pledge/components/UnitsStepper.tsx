import Stepper from "antd-mobile/es/components/stepper";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { addNamespace } from "../../../i18n/lazyNamespace";
import { screenStrings } from "../../../i18n/screenStrings";
import { MIN_UNITS, numericText, unitsFromText } from "../utils/units";
import styles from "./UnitsStepper.module.css";

const MIN_TEXT = MIN_UNITS.toString();

/** Where the units field's note is, which describes the field. */
const NOTE_ID = "pledge-units-note";

const attribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The stepper's HTML, rendered without a browser (a screen's shell, app/prerender.tsx), put right
 * as the effect below puts the app's DOM right: no aria values on the field's wrapper, no
 * aria-valuemax="NaN" on the field, which is named `label` and described by its note. HTML without
 * the stepper comes back as it was.
 */
export function mendStepperMarkup(html: string, label: string): string {
  return html
    .replace(/(<div class="adm-input adm-stepper-input")(?: aria-value(?:now|max|min)="[^"]*")+/g, "$1")
    .replace(
      /(<input class="adm-input-element"[^>]*? role="spinbutton"[^>]*?) aria-valuemax="NaN"/g,
      (_, input: string) => `${input} aria-label="${attribute(label)}" aria-describedby="${NOTE_ID}"`,
    );
}

/**
 * The units stepper: minimum 1, no maximum, whole numbers (spec §2, §5). Typed or pasted text
 * keeps its digits only, and a line under the field says what was changed ("1e3" read as 13,
 * "−3" as 3) rather than changing it silently (issue 22 item 12). Max fills the most units the
 * balances allow (`max`; undefined while they are unknown, or for a visitor). The value is a
 * string (antd-mobile's string mode), so any number of units stays exact.
 */
export function UnitsStepper({
  value,
  onChange,
  max,
}: {
  value: bigint;
  onChange: (units: bigint) => void;
  max: bigint | undefined;
}) {
  const { t, i18n } = useTranslation();
  addNamespace(i18n, "screens", screenStrings);
  const { t: screenT } = useTranslation("screens");
  const box = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState<string | undefined>();
  // antd-mobile's Stepper names its field nothing, writes aria-valuemax="NaN" when there is no
  // maximum and copies the spinbutton's aria values onto the field's wrapper; React sets them
  // again on each render (NaN never equals itself), so they are put right after each render.
  useEffect(() => {
    const node = box.current;
    const wrapper = node?.querySelector(".adm-input");
    for (const name of ["aria-valuenow", "aria-valuemax", "aria-valuemin"]) wrapper?.removeAttribute(name);
    const input = node?.querySelector("input");
    input?.removeAttribute("aria-valuemax");
    input?.setAttribute("aria-label", t("pledge.quantity"));
    input?.setAttribute("aria-describedby", NOTE_ID);
  });
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    // Runs before React's own input handler (which listens at the root), so the field never
    // holds a character other than a digit. The value is set through the prototype's setter:
    // React's change tracking, which wraps the element's own setter, must still see the edit.
    const strip = (event: Event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement)) return;
      const typed = input.value;
      const digits = numericText(typed);
      // Said once React has taken the edit: a render before its own handler would put the old
      // value back into the field.
      const say = (text: string | undefined) => setTimeout(() => setNote(text));
      if (digits === typed) {
        say(undefined);
        return;
      }
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, digits);
      say(screenT("units.changed", { typed, units: unitsFromText(digits).toString() }));
    };
    node.addEventListener("input", strip, true);
    return () => node.removeEventListener("input", strip, true);
  }, [screenT]);
  const fillMax = () => {
    if (max === undefined) return;
    setNote(max < MIN_UNITS ? screenT("units.noneAffordable") : undefined);
    onChange(max < MIN_UNITS ? MIN_UNITS : max);
  };
  return (
    <div ref={box} className={styles.box} data-testid="pledge-units">
      <div className={styles.row}>
        <Stepper
          stringMode
          digits={0}
          min={MIN_TEXT}
          defaultValue={MIN_TEXT}
          value={value.toString()}
          parser={(text) => unitsFromText(text).toString()}
          formatter={(text) => unitsFromText(text ?? "").toString()}
          onChange={(text) => onChange(unitsFromText(text))}
        />
        <button
          type="button"
          className={styles.max}
          disabled={max === undefined}
          title={screenT("units.maxLabel")}
          onClick={fillMax}
          data-testid="pledge-units-max"
        >
          {screenT("units.max")}
        </button>
      </div>
      <p id={NOTE_ID} className={styles.note} role="status" data-testid="pledge-units-note">
        {note}
      </p>
    </div>
  );
}
