import Stepper from "antd-mobile/es/components/stepper";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MIN_UNITS, numericText, unitsFromText } from "../utils/units";
import styles from "./UnitsStepper.module.css";

const MIN_TEXT = MIN_UNITS.toString();

/**
 * The units stepper: minimum 1, no maximum, whole numbers (spec §2, §5). Typed text keeps its
 * digits only, and the field shows the normalized integer once it loses focus. The value is a
 * string (antd-mobile's string mode), so any number of units stays exact.
 */
export function UnitsStepper({ value, onChange }: { value: bigint; onChange: (units: bigint) => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
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
      const digits = numericText(input.value);
      if (digits !== input.value)
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, digits);
    };
    node.addEventListener("input", strip, true);
    return () => node.removeEventListener("input", strip, true);
  }, []);
  return (
    <div ref={box} className={styles.box} data-testid="pledge-units">
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
    </div>
  );
}
