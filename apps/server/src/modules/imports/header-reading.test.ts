import { describe, expect, it } from 'vitest';
import { additionalChannelTargets, companyImportTargets, contactImportTargets } from '@leadtrail/contracts';
import { COMPANY_HEADER_NAMES, CONTACT_HEADER_NAMES, headerLanguages } from './header-names.js';
import { compactHeader, readHeader } from './header-reading.js';

describe('compactHeader', () => {
  it('ignores case, punctuation, accents and camelCase', () => {
    expect(compactHeader('E-mail 1 - Value')).toBe('email1value');
    expect(compactHeader('FirstName')).toBe('firstname');
    expect(compactHeader('first_name')).toBe('firstname');
    expect(compactHeader('  Prénom ')).toBe('prenom');
    expect(compactHeader('# Employees')).toBe('numemployees');
  });
});


describe('readHeader', () => {
  const top = (entity: 'contacts' | 'companies', header: string) => readHeader(entity, header)[0]?.target ?? null;

  it.each([
    ['Firma', 'companyName'],
    ['Mobiltelefon', 'mobilePhone'],
    ['Ort', 'city'],
    ['Land', 'country'],
    ['E-Mail-Adresse', 'email'],
    ['Nachname', 'lastName'],
    ['Prénom', 'firstName'],
    ['Société', 'companyName'],
    ['Téléphone portable', 'mobilePhone'],
    ['Correo electrónico', 'email'],
    ['Cargo', 'jobTitle'],
    ['Sobrenome', 'lastName'],
    ['Telemóvel', 'mobilePhone'],
    ['Cognome', 'lastName'],
    ['Azienda', 'companyName'],
    ['Achternaam', 'lastName'],
    ['Bedrijfsnaam', 'companyName'],
    ['Woonplaats', 'city'],
  ])('%s names %s in a contacts file', (header, target) => {
    expect(top('contacts', header)).toBe(target);
  });

  it('reads through the prefixes tools add', () => {
    expect(top('contacts', 'Person - Organization')).toBe('companyName');
    expect(top('contacts', 'Person - Job title')).toBe('jobTitle');
    expect(top('contacts', 'Person - Phone - Mobile')).toBe('mobilePhone');
    expect(top('contacts', 'Person - Email - Work')).toBe('email');
    expect(top('contacts', 'Person State')).toBe('region');
    expect(top('contacts', 'Lead Source')).toBeNull();
    // a contact file's account columns fill the contact's company
    expect(top('contacts', 'Account Industry')).toBe('companyIndustry');
    expect(top('contacts', 'Account City')).toBeNull();
    expect(top('companies', 'Organization - Website')).toBe('website');
    expect(top('companies', 'Person - Email')).toBeNull();
  });

  it('reads numbered columns: the first is the field, later ones lose to it', () => {
    const [first] = readHeader('contacts', 'Email 1');
    const [second] = readHeader('contacts', 'E-mail 3');
    expect(first).toMatchObject({ target: 'email' });
    expect(second).toMatchObject({ target: 'email' });
    expect(second!.score).toBeLessThan(first!.score);
    expect(readHeader('contacts', 'Email')[0]!.score).toBeGreaterThan(first!.score);
    expect(top('contacts', 'Phone 2')).toBe('otherPhone');
    // Google's type column is not the value
    expect(top('contacts', 'E-mail 1 - Type')).toBeNull();
  });

  it('gives the header as the reason, and custom fields by label or key', () => {
    expect(readHeader('contacts', 'Mobiltelefon')[0]!.reason).toBe('header "Mobiltelefon"');
    expect(readHeader('contacts', 'Tier', [{ key: 'tier', label: 'Customer tier' }])[0]).toMatchObject({
      target: 'custom:tier',
      score: 101,
    });
  });
});

describe('additional emails and phones (issue 26)', () => {
  it('are read from the email and phone fields\' names in every language, typed by their words, below the field itself', () => {
    const readings = (h: string) => readHeader('contacts', h).map((r) => r.target);
    expect(readings('E-mail 2 Address')).toEqual(['email', 'additionalOtherEmail']);
    expect(readings('E-Mail 2')).toEqual(['email', 'additionalOtherEmail']);
    expect(readings('Home Phone')).toEqual(['otherPhone', 'additionalPersonalPhone']);
    expect(readings('Business Phone 2')).toEqual(['workPhone', 'additionalWorkPhone']);
    expect(readings('Telefon privat')[1]).toBe('additionalPersonalPhone');
    expect(readings('Correo electrónico')).toContain('additionalOtherEmail');
    expect(readings('Company Phone')).not.toContain('additionalWorkPhone');
    // a vCard's second work address
    expect(readings('Email 2 (work)')).toEqual(['email', 'additionalWorkEmail']);
    expect(readings('Email (home)')).toEqual(['email', 'additionalPersonalEmail']);
  });
});

describe('header names', () => {
  it('name every standard field in the seven languages', () => {
    for (const [names, targets] of [
      [CONTACT_HEADER_NAMES, contactImportTargets],
      [COMPANY_HEADER_NAMES, companyImportTargets],
    ] as const) {
      for (const target of targets) {
        // read from the email and phone fields' own names (below)
        if ((additionalChannelTargets as readonly string[]).includes(target)) continue;
        const missing = headerLanguages.filter((l) => !names[target]?.[l]?.length);
        expect(missing, target).toEqual([]);
      }
    }
  });
});
