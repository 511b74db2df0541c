/// <reference lib="dom" />
/**
 * The header's calculator search: its list (a <datalist> of every calculator's name, built into the
 * page) is the browser's own, keyboard and all; a name chosen or typed in full opens that calculator,
 * anything else opens /calculators/ filtered by the words (what the form does without JavaScript too).
 */
const form = document.querySelector<HTMLFormElement>('form[data-site-search]');
if (form) {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]')!;
  const pathOf = (value: string) => {
    const wanted = value.trim().toLowerCase();
    return [...(input.list?.options ?? [])].find((o) => o.value.toLowerCase() === wanted)?.dataset.path;
  };
  // A choice from the list arrives as one replacement of the whole text.
  input.addEventListener('input', (event) => {
    const path = pathOf(input.value);
    const kind = (event as InputEvent).inputType;
    if (path && (!kind || kind === 'insertReplacementText')) location.assign(path);
  });
  form.addEventListener('submit', (event) => {
    const path = pathOf(input.value);
    if (!path) return;
    event.preventDefault();
    location.assign(path);
  });
}
