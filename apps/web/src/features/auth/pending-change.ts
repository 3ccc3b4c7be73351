/**
 * Whether a change-password form is on screen (modal or page), so a `password.change.required`
 * refusal does not open a second one. Each opener holds it until its form closes.
 */
let shown = 0;

export const isChangePasswordShown = () => shown > 0;

/** Marks a change-password form as shown; call the answer once it closes. */
export const holdChangePassword = () => {
  shown += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    shown -= 1;
  };
};
