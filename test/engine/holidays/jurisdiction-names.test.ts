import { describe, expect, it } from 'vitest';
import { supportedCountries } from '../../../engine/holidays/calendar-data.ts';
import { MAX_NAME_LENGTH, resolveCountry, resolveSubdivision } from '../../../engine/holidays/jurisdiction-names.ts';

describe('resolveCountry', () => {
  it('reads alpha-2 and alpha-3 codes in any case, answering the alpha-2 code alone', () => {
    for (const written of ['DE', 'de', ' De ', 'DEU', 'deu']) expect(resolveCountry(written)).toEqual({ code: 'DE' });
    expect(resolveCountry('usa')).toEqual({ code: 'US' });
    expect(resolveCountry('GBR')).toEqual({ code: 'GB' });
  });

  it('reads English and local names in any case, with the name as the data spells it', () => {
    expect(resolveCountry('Germany')).toEqual({ code: 'DE', name: 'Germany' });
    expect(resolveCountry('GERMANY')).toEqual({ code: 'DE', name: 'Germany' });
    expect(resolveCountry('deutschland')).toEqual({ code: 'DE', name: 'Deutschland' });
    expect(resolveCountry('united states')).toEqual({ code: 'US', name: 'United States' });
    expect(resolveCountry('United States of America')).toEqual({ code: 'US', name: 'United States of America' });
    // CLDR's short and variant forms.
    expect(resolveCountry('UK')).toEqual({ code: 'GB', name: 'UK' });
    expect(resolveCountry('Czech Republic')).toMatchObject({ code: 'CZ' });
    expect(resolveCountry('Ivory Coast')).toMatchObject({ code: 'CI' });
    // Accents, apostrophes, "&", "St." and a leading "the" folded.
    expect(resolveCountry("Cote d'Ivoire")).toMatchObject({ code: 'CI' });
    expect(resolveCountry('Bosnia and Herzegovina')).toMatchObject({ code: 'BA' });
    expect(resolveCountry('Saint Lucia')).toEqual({ code: 'LC', name: 'St. Lucia' });
    expect(resolveCountry('The Netherlands')).toMatchObject({ code: 'NL' });
    expect(resolveCountry('curaçao')).toMatchObject({ code: 'CW' });
  });

  it('refuses a name two countries share, listing both as candidates', () => {
    // CLDR: "Congo - Kinshasa" and "Congo - Brazzaville"; without the qualifier both are "Congo".
    const congo = resolveCountry('Congo');
    expect(congo).toEqual({
      error: 'is ambiguous: it names CD (Democratic Republic of the Congo), CG (Republic of the Congo); give the code',
      candidates: [
        { code: 'CD', name: 'Democratic Republic of the Congo' },
        { code: 'CG', name: 'Republic of the Congo' },
      ],
    });
    // A full name is not ambiguous.
    expect(resolveCountry('Congo - Kinshasa')).toMatchObject({ code: 'CD' });
  });

  it('an unknown name: close matches when there are, else where to look', () => {
    expect(resolveCountry('Germny')).toEqual({
      error:
        'is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name; did you mean DE (Germany)? See list_holiday_countries for the codes',
      candidates: [{ code: 'DE', name: 'Germany' }],
    });
    const united = resolveCountry('united');
    expect('candidates' in united && united.candidates?.map((c) => c.code)).toEqual(['AE', 'GB', 'US']);
    expect(resolveCountry('Atlantis')).toEqual({
      error: 'is not a supported country code (ISO 3166-1 alpha-2 or alpha-3) or country name; see list_holiday_countries for the codes',
    });
    // CLDR's private-use and group codes are not countries.
    for (const code of ['ZZ', 'XA', 'EU', 'QO']) expect(resolveCountry(code)).not.toHaveProperty('code');
    expect(resolveCountry('ZZ')).not.toHaveProperty('candidates');
  });

  it('a country the holiday data does not cover, by code or name, is named as such', () => {
    const message = 'names KP (North Korea), which the holiday data does not cover; see list_holiday_countries for the countries it does';
    expect(resolveCountry('KP')).toEqual({ error: message });
    expect(resolveCountry('PRK')).toEqual({ error: message });
    expect(resolveCountry('North Korea')).toEqual({ error: message });
  });

  it('a subdivision given as the country says which it is', () => {
    expect(resolveCountry('Bavaria')).toEqual({ error: "is not a country: subdivision BY of DE (Bavaria); give the country's code and the subdivision" });
    expect(resolveCountry('quebec')).toEqual({ error: "is not a country: subdivision QC of CA (Quebec); give the country's code and the subdivision" });
  });

  it('every country list_holiday_countries shows is read back by its code and by its name', () => {
    for (const c of supportedCountries()) {
      expect(resolveCountry(c.code), c.code).toEqual({ code: c.code });
      expect(resolveCountry(c.name), c.name).toMatchObject({ code: c.code });
    }
  });
});

describe('resolveSubdivision', () => {
  it('reads the ISO 3166-2 suffix or the full code in any case', () => {
    for (const written of ['QC', 'qc', 'CA-QC', 'ca-qc']) expect(resolveSubdivision('CA', written)).toEqual({ code: 'QC' });
    expect(resolveSubdivision('DE', 'DE-BY')).toEqual({ code: 'BY' });
  });

  it('reads names: the data’s own in every language, English ones, any case and accents', () => {
    expect(resolveSubdivision('CA', 'Quebec')).toEqual({ code: 'QC', name: 'Quebec' });
    expect(resolveSubdivision('CA', 'québec')).toEqual({ code: 'QC', name: 'Quebec' });
    expect(resolveSubdivision('DE', 'Bavaria')).toEqual({ code: 'BY', name: 'Bavaria' });
    expect(resolveSubdivision('DE', 'bayern')).toEqual({ code: 'BY', name: 'Bayern' });
    expect(resolveSubdivision('DE', 'North Rhine-Westphalia')).toEqual({ code: 'NW', name: 'North Rhine-Westphalia' });
    expect(resolveSubdivision('AU', 'New South Wales')).toEqual({ code: 'NSW', name: 'New South Wales' });
    expect(resolveSubdivision('AU', 'new south wales')).toEqual({ code: 'NSW', name: 'New South Wales' });
    expect(resolveSubdivision('AT', 'Vienna')).toEqual({ code: '9', name: 'Vienna' });
    expect(resolveSubdivision('AT', 'Wien')).toEqual({ code: '9', name: 'Wien' });
    expect(resolveSubdivision('CH', 'Kanton Genf')).toEqual({ code: 'GE', name: 'Kanton Genf' });
  });

  it('reads a name without its designation word, second to the full names', () => {
    expect(resolveSubdivision('CH', 'Geneva')).toEqual({ code: 'GE', name: 'Canton of Geneva' });
    expect(resolveSubdivision('CH', 'Zurich')).toEqual({ code: 'ZH', name: 'Canton of Zürich' });
    expect(resolveSubdivision('RU', 'Tatarstan')).toEqual({ code: 'TA', name: 'Republic of Tatarstan' });
    expect(resolveSubdivision('NZ', 'Auckland')).toEqual({ code: 'AUK', name: 'Auckland Province' });
    expect(resolveSubdivision('FR', 'Moselle')).toEqual({ code: '57', name: 'Département Moselle' });
  });

  it('an unknown name: close matches as candidates, else where to look', () => {
    expect(resolveSubdivision('DE', 'Bavria')).toEqual({
      error: 'is not a supported subdivision of DE; did you mean BY (Bavaria)? See list_holiday_countries for its codes',
      candidates: [{ code: 'BY', name: 'Bavaria' }],
    });
    const newStates = resolveSubdivision('US', 'New');
    expect('candidates' in newStates && newStates.candidates?.map((c) => c.code)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(resolveSubdivision('DE', 'Atlantis')).toEqual({ error: 'is not a supported subdivision of DE; see list_holiday_countries for its codes' });
    // Quebec is Canada's, not the United States'.
    expect(resolveSubdivision('US', 'Quebec')).not.toHaveProperty('code');
    expect(resolveSubdivision('GB', 'US-ENG')).toEqual({
      error: 'names country US, not GB; give the ISO 3166-2 suffix (such as ENG) or the full form of a GB subdivision',
    });
    expect(resolveSubdivision('SA', 'Riyadh')).toEqual({
      error: 'is not supported: the holiday data has no subdivisions for SA; leave it out, see list_holiday_countries',
    });
  });

  it('every subdivision list_holiday_countries shows is read back by its code, full code and name', () => {
    let checked = 0;
    for (const c of supportedCountries()) {
      for (const s of c.subdivisions) {
        expect(resolveSubdivision(c.code, s.code), `${c.code}-${s.code}`).toEqual({ code: s.code });
        expect(resolveSubdivision(c.code, `${c.code}-${s.code}`)).toEqual({ code: s.code });
        // A name that is also its code (the Cook Islands' Aitutaki) reads as the code.
        const byName = s.name.toUpperCase() === s.code.toUpperCase() ? { code: s.code } : { code: s.code, name: s.name };
        expect(resolveSubdivision(c.code, s.name), `${c.code} ${s.name}`).toEqual(byName);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('a 100-character input is an unknown name', () => {
    expect(resolveCountry('-'.repeat(MAX_NAME_LENGTH))).not.toHaveProperty('code');
    expect(resolveSubdivision('DE', 'a'.repeat(MAX_NAME_LENGTH))).not.toHaveProperty('code');
  });
});
