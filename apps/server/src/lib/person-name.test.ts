import { describe, expect, it } from 'vitest';
import { splitFullName } from './person-name.js';

describe('splitFullName', () => {
  it.each([
    // "Last, First": the part before the comma is the whole last name
    ['García Márquez, Gabriel', 'Gabriel', 'García Márquez'],
    ['van der Berg, Jane Marie', 'Jane Marie', 'van der Berg'],
    ['Smith, John, Jr.', 'John', 'Smith'],
    ['Smith, Dr. John', 'John', 'Smith'],
    // honorifics and suffixes left out
    ['Mr. John Smith', 'John', 'Smith'],
    ['Herr Klaus Müller', 'Klaus', 'Müller'],
    ['Frau Dr. Anna Schmidt', 'Anna', 'Schmidt'],
    ['Mme Claire Dubois', 'Claire', 'Dubois'],
    ['M. Pierre Martin', 'Pierre', 'Martin'],
    ['Sra. Lucía Fernández', 'Lucía', 'Fernández'],
    ['Sr. Juan Pérez', 'Juan', 'Pérez'],
    ['John Smith Sr.', 'John', 'Smith'],
    ['Prof. Ada Lovelace III', 'Ada', 'Lovelace'],
    ['John Smith, PhD', 'John', 'Smith'],
    ['Jane Doe MBA', 'Jane', 'Doe'],
    // particles with the last name; middle names and initials with the first
    ['Jean de la Fontaine', 'Jean', 'de la Fontaine'],
    ['Ludwig von Beethoven', 'Ludwig', 'von Beethoven'],
    ['Luiz Inácio Lula da Silva', 'Luiz Inácio Lula', 'da Silva'],
    ['John F. Kennedy', 'John F.', 'Kennedy'],
    ['Mary Ann Smith', 'Mary Ann', 'Smith'],
    ['Cher', 'Cher', null],
  ])('%j', (full, first, last) => {
    expect(splitFullName(full)).toEqual({ firstName: first, lastName: last });
  });
});
