import { describe, expect, it } from 'vitest';
import { emailStatuses, employeeRanges, prospectDepartments, revenueRanges, seniorities } from '@leadtrail/contracts';
import { generateProspects } from './prospects-generator.js';
import { DEPARTMENT_TITLES } from './prospect-pools.js';

const all = (people: number, seed?: string) => [...generateProspects({ people, seed })];

describe('the prospect generator', { timeout: 60_000 }, () => {
  it('writes the same people and companies for the same seed, others for another seed', () => {
    const a = all(3000, 's1');
    const b = all(3000, 's1');
    expect(b).toEqual(a);
    const c = all(3000, 's2');
    expect(c[0]!.company.id).not.toBe(a[0]!.company.id);
    // a longer run starts with the shorter one (the stream does not depend on the count)
    const longer = all(4000, 's1').flatMap((x) => x.people.map((p) => p.id));
    expect(longer.slice(0, 2000)).toEqual(a.flatMap((x) => x.people.map((p) => p.id)).slice(0, 2000));
  });

  it('writes exactly the people asked for, with unique ids, emails and domains, all on .example', () => {
    const out = all(20_000);
    const people = out.flatMap((x) => x.people);
    expect(people).toHaveLength(20_000);
    expect(new Set(people.map((p) => p.id)).size).toBe(20_000);
    const emails = people.map((p) => p.email).filter((e): e is string => !!e);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.filter((e) => !/^[a-z0-9._]+@[a-z0-9-]+\.example$/.test(e))).toEqual([]);
    const domains = out.map((x) => x.company.domain);
    expect(new Set(domains).size).toBe(domains.length);
    expect(people.filter((p) => !p.companyDomain!.endsWith('.example') || (p.email && !p.email.endsWith(`@${p.companyDomain}`)))).toEqual([]);
  });

  it('has realistic distributions within bounds', () => {
    const out = all(30_000);
    const people = out.flatMap((x) => x.people);
    const share = (pred: (p: (typeof people)[number]) => boolean) => people.filter(pred).length / people.length;
    expect(share((p) => p.email !== null)).toBeGreaterThan(0.67);
    expect(share((p) => p.email !== null)).toBeLessThan(0.73);
    expect(share((p) => p.phone !== null)).toBeGreaterThan(0.37);
    expect(share((p) => p.phone !== null)).toBeLessThan(0.43);
    // email status only with an email, most valid
    expect(people.filter((p) => (p.emailStatus === null) !== (p.email === null))).toEqual([]);
    expect(share((p) => p.emailStatus === 'valid') / share((p) => p.email !== null)).toBeGreaterThan(0.5);
    // companies skewed small: most have at most 50 employees, few more than 1,000
    const companies = out.map((x) => x.company);
    const small = companies.filter((c) => c.employeeCount! <= 50).length / companies.length;
    const large = companies.filter((c) => c.employeeCount! > 1000).length / companies.length;
    expect(small).toBeGreaterThan(0.55);
    expect(large).toBeLessThan(0.1);
    // every value in the contracts' sets; many countries, industries; the US the biggest country
    const has = (xs: readonly string[], v: string | null) => v !== null && xs.includes(v);
    const outside = people.filter(
      (p) =>
        !has(seniorities, p.seniority) || !has(prospectDepartments, p.department) || !has(employeeRanges, p.employeeRange) ||
        !has(revenueRanges, p.revenueRange) || (p.emailStatus !== null && !has(emailStatuses, p.emailStatus)),
    );
    expect(outside).toEqual([]);
    const byCountry = new Map<string, number>();
    for (const p of people) byCountry.set(p.country!, (byCountry.get(p.country!) ?? 0) + 1);
    expect(byCountry.size).toBeGreaterThan(10);
    expect([...byCountry].sort((x, y) => y[1] - x[1])[0]![0]).toBe('United States');
    expect(new Set(people.map((p) => p.industry)).size).toBeGreaterThan(20);
    expect(new Set(people.map((p) => p.seniority)).size).toBe(seniorities.length);
  });

  it('gives titles that fit seniority and department', () => {
    const people = all(20_000).flatMap((x) => x.people);
    const misfit = people.filter((p) => {
      const t = DEPARTMENT_TITLES[p.department as keyof typeof DEPARTMENT_TITLES];
      switch (p.seniority) {
        case 'vp': return !/^(VP of|Vice President,) /.test(p.title!);
        case 'head': return p.title !== `Head of ${t.area}`;
        case 'intern': return p.title !== `${t.area} Intern`;
        case 'c_suite': return p.title !== t.chief;
        case 'manager': return !t.manager.includes(p.title!);
        case 'senior': return !t.ic.map((x) => `Senior ${x}`).includes(p.title!);
        case 'owner':
        case 'founder': return p.department !== 'c_suite';
        default: return false;
      }
    });
    expect(misfit).toEqual([]);
  });
});
