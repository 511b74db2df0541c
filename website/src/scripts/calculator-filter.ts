/// <reference lib="dom" />
/**
 * /calculators/: the filter over the cards (name, title, category and keywords), read from and kept in
 * `?q=` so the header's search lands here filtered. Without JavaScript every card shows.
 */
const field = document.querySelector<HTMLInputElement>('[data-calculator-filter]');
const status = document.querySelector<HTMLElement>('[data-filter-status]');
if (field) {
  const cards = [...document.querySelectorAll<HTMLElement>('[data-search]')];
  const groups = [...document.querySelectorAll<HTMLElement>('[data-card-group]')];
  const apply = () => {
    const words = field.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const card of cards) {
      const hit = words.every((w) => card.dataset.search!.includes(w));
      card.hidden = !hit;
      if (hit) shown++;
    }
    for (const group of groups) group.hidden = !group.querySelector('[data-search]:not([hidden])');
    if (status) status.textContent = words.length ? `${shown} of ${cards.length} calculators match.` : '';
    const url = new URL(location.href);
    if (words.length) url.searchParams.set('q', field.value.trim());
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
  };
  field.value = new URLSearchParams(location.search).get('q') ?? '';
  field.hidden = false;
  field.closest<HTMLElement>('[hidden]')?.removeAttribute('hidden');
  field.addEventListener('input', apply);
  if (field.value) apply();
}
