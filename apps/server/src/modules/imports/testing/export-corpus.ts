import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { stringify } from 'csv-stringify/sync';
import type { Entity } from '@leadtrail/contracts';
import * as v from './export-values.js';

/**
 * A corpus of exports as other tools write them (test-only): each from the tool's documented
 * headers and value styles, with the field every column should be suggested as ('ignore' for
 * none). CRMs, prospecting tools, address books, Excel in several locales and encodings,
 * report title rows and footers, repeated owner columns, numbered emails and phones.
 */

export type CorpusColumn = [header: string, values: v.Gen, target: string];
export type CorpusExport = {
  name: string;
  entity: Entity;
  columns: CorpusColumn[];
  rows?: number;
  file?: 'csv' | 'xlsx';
  delimiter?: ',' | ';' | '\t';
  encoding?: 'utf-8' | 'utf-8-bom' | 'windows-1252' | 'utf-16le';
  /** lines before the header (a report's title) */
  preamble?: string[];
  /** lines after a blank one at the end (a report's footer) */
  footer?: string[];
};

export const DEFAULT_ROWS = 24;

export const corpus: CorpusExport[] = [
  {
    name: 'HubSpot contacts',
    entity: 'contacts',
    columns: [
      ['Record ID', v.recordId, 'ignore'],
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Email', v.email, 'email'],
      ['Phone Number', v.phone.us, 'workPhone'],
      ['Mobile Phone Number', v.phone.usLocal, 'mobilePhone'],
      ['Job Title', v.title('en'), 'jobTitle'],
      ['Company Name', v.company, 'companyName'],
      ['Contact owner', v.ownerName, 'owner'],
      ['Lifecycle Stage', v.stage, 'ignore'],
      ['City', v.city('en'), 'city'],
      ['State/Region', v.region('en'), 'region'],
      ['Country/Region', v.country('en'), 'country'],
      ['Create Date', v.isoDate, 'ignore'],
    ],
  },
  {
    name: 'HubSpot companies',
    entity: 'companies',
    columns: [
      ['Record ID', v.recordId, 'ignore'],
      ['Company name', v.company, 'name'],
      ['Company Domain Name', v.domain, 'domain'],
      ['Industry', v.hubspotIndustry, 'industry'],
      ['Number of Employees', v.employeeCount, 'employeeRange'],
      ['Annual Revenue', v.revenue, 'revenueRange'],
      ['Phone Number', v.phone.us, 'phone'],
      ['City', v.city('en'), 'city'],
      ['Country/Region', v.country('en'), 'country'],
      ['LinkedIn Company Page', v.companyLinkedin, 'linkedinUrl'],
      ['Company owner', v.ownerName, 'owner'],
      ['Create Date', v.isoDate, 'ignore'],
    ],
  },
  {
    name: 'Salesforce contacts report (title rows, footer)',
    entity: 'contacts',
    preamble: ['My Contacts Report', 'As of 3/14/2024 10:30 AM'],
    footer: ['Grand Totals (24 records)', 'Confidential Information - Do Not Distribute', 'Copyright (c) 2000-2024 salesforce.com, inc. All rights reserved.'],
    columns: [
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Title', v.title('en'), 'jobTitle'],
      ['Account Name', v.company, 'companyName'],
      ['Email', v.email, 'email'],
      ['Phone', v.phone.us, 'workPhone'],
      ['Mobile', v.phone.usLocal, 'mobilePhone'],
      ['Mailing City', v.city('en'), 'city'],
      ['Mailing State/Province', v.region('en'), 'region'],
      ['Mailing Country', v.country('en'), 'country'],
      ['Contact Owner', v.ownerName, 'owner'],
      ['Lead Source', v.words('Web', 'Trade Show', 'Referral'), 'ignore'],
    ],
  },
  {
    name: 'Salesforce accounts (Data Loader API names)',
    entity: 'companies',
    columns: [
      ['Id', v.salesforceId, 'ignore'],
      ['Name', v.company, 'name'],
      ['Website', v.bareWebsite, 'website'],
      ['Industry', v.industry, 'industry'],
      ['NumberOfEmployees', v.employeeCount, 'employeeRange'],
      ['AnnualRevenue', v.revenue, 'revenueRange'],
      ['Phone', v.phone.us, 'phone'],
      ['BillingCity', v.city('en'), 'city'],
      ['BillingState', v.region('en'), 'region'],
      ['BillingCountry', v.country('en'), 'country'],
      ['OwnerId', v.salesforceId, 'ignore'],
      ['Description', v.description, 'description'],
    ],
  },
  {
    name: 'Salesforce leads (API names)',
    entity: 'contacts',
    columns: [
      ['FirstName', v.first, 'firstName'],
      ['LastName', v.last, 'lastName'],
      ['Company', v.company, 'companyName'],
      ['Title', v.title('en'), 'jobTitle'],
      ['Email', v.email, 'email'],
      ['Phone', v.phone.us, 'workPhone'],
      ['MobilePhone', v.phone.usLocal, 'mobilePhone'],
      ['City', v.city('en'), 'city'],
      ['State', v.region('en'), 'region'],
      ['Country', v.country('iso'), 'country'],
      ['LeadSource', v.words('Web', 'Partner'), 'ignore'],
      ['Status', v.words('Open', 'Working', 'Qualified'), 'ignore'],
    ],
  },
  {
    name: 'Pipedrive people (object prefixes)',
    entity: 'contacts',
    columns: [
      ['Person - Name', v.fullName, 'fullName'],
      ['Person - Organization', v.company, 'companyName'],
      ['Person - Email - Work', v.email, 'email'],
      ['Person - Email - Home', v.otherEmail, 'additionalPersonalEmail'],
      ['Person - Phone - Work', v.phone.de, 'workPhone'],
      ['Person - Phone - Mobile', v.phone.deMobile, 'mobilePhone'],
      ['Person - Job title', v.title('en'), 'jobTitle'],
      ['Person - Owner', v.ownerName, 'owner'],
      ['Person - Label', v.words('Hot lead', 'Customer'), 'ignore'],
      ['Person - Add time', v.isoDate, 'ignore'],
    ],
  },
  {
    name: 'Pipedrive organizations',
    entity: 'companies',
    columns: [
      ['Organization - Name', v.company, 'name'],
      ['Organization - Owner', v.ownerName, 'owner'],
      ['Organization - Address', v.street, 'ignore'],
      ['Organization - Website', v.website, 'website'],
      ['Organization - Industry', v.industry, 'industry'],
      ['Organization - Number of employees', v.employeeCount, 'employeeRange'],
      ['Organization - People', (i) => String(i % 9), 'ignore'],
    ],
  },
  {
    name: 'Zoho CRM contacts',
    entity: 'contacts',
    columns: [
      ['Contact Id', v.recordId, 'ignore'],
      ['Contact Owner', v.ownerEmail, 'owner'],
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Account Name', v.company, 'companyName'],
      ['Email', v.email, 'email'],
      ['Secondary Email', v.otherEmail, 'additionalOtherEmail'],
      ['Title', v.title('en'), 'jobTitle'],
      ['Department', v.department, 'department'],
      ['Phone', v.phone.uk, 'workPhone'],
      ['Mobile', v.phone.uk, 'mobilePhone'],
      ['Mailing City', v.city('en'), 'city'],
      ['Mailing State', v.region('en'), 'region'],
      ['Mailing Country', v.country('en'), 'country'],
      ['Created Time', v.isoDate, 'ignore'],
    ],
  },
  {
    name: 'Zoho CRM leads',
    entity: 'contacts',
    columns: [
      ['Lead Id', v.recordId, 'ignore'],
      ['Lead Owner', v.ownerName, 'owner'],
      ['Company', v.company, 'companyName'],
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Designation', v.title('en'), 'jobTitle'],
      ['Email', v.email, 'email'],
      ['Phone', v.phone.us, 'workPhone'],
      ['Mobile', v.phone.usLocal, 'mobilePhone'],
      ['Website', v.website, 'website'],
      ['Lead Status', v.words('Contacted', 'Not Contacted'), 'ignore'],
      ['Industry', v.industry, 'companyIndustry'],
      ['No. of Employees', v.employeeCount, 'companyEmployees'],
      ['Annual Revenue', v.revenue, 'ignore'],
      ['City', v.city('en'), 'city'],
      ['State', v.region('en'), 'region'],
      ['Country', v.country('en'), 'country'],
    ],
  },
  {
    name: 'Apollo people',
    entity: 'contacts',
    columns: [
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Title', v.title('en'), 'jobTitle'],
      ['Company', v.company, 'companyName'],
      ['Company Name for Emails', v.company, 'ignore'],
      ['Email', v.email, 'email'],
      ['Email Status', v.emailStatus, 'emailStatus'],
      ['Seniority', v.apolloSeniority, 'seniority'],
      ['Departments', v.department, 'department'],
      ['Work Direct Phone', v.phone.us, 'workPhone'],
      ['Mobile Phone', v.phone.usLocal, 'mobilePhone'],
      ['Corporate Phone', v.phone.us, 'companyPhone'],
      ['# Employees', v.employeeCount, 'companyEmployees'],
      ['Industry', v.industry, 'companyIndustry'],
      ['Person Linkedin Url', v.linkedin, 'linkedinUrl'],
      ['Website', v.website, 'website'],
      ['Company Linkedin Url', v.companyLinkedin, 'companyLinkedinUrl'],
      ['City', v.city('en'), 'city'],
      ['State', v.region('en'), 'region'],
      ['Country', v.country('en'), 'country'],
      ['Apollo Contact Id', (i) => `64f0c2a1b2${i}e`, 'ignore'],
    ],
  },
  {
    name: 'Apollo accounts',
    entity: 'companies',
    columns: [
      ['Company', v.company, 'name'],
      ['# Employees', v.employeeCount, 'employeeRange'],
      ['Industry', v.industry, 'industry'],
      ['Website', v.website, 'website'],
      ['Company Linkedin Url', v.companyLinkedin, 'linkedinUrl'],
      ['Company City', v.city('en'), 'city'],
      ['Company Country', v.country('en'), 'country'],
      ['Company Phone', v.phone.us, 'phone'],
      ['Annual Revenue', v.revenue, 'revenueRange'],
      ['Founded Year', v.foundedYear, 'foundedYear'],
      ['Short Description', v.description, 'description'],
    ],
  },
  {
    name: 'ZoomInfo contacts',
    entity: 'contacts',
    columns: [
      ['ZoomInfo Contact ID', v.recordId, 'ignore'],
      ['Last Name', v.last, 'lastName'],
      ['First Name', v.first, 'firstName'],
      ['Middle Name', v.empty, 'ignore'],
      ['Salutation', v.words('Mr.', 'Ms.', 'Dr.'), 'ignore'],
      ['Job Title', v.title('en'), 'jobTitle'],
      ['Job Function', v.department, 'department'],
      ['Management Level', v.zoomInfoSeniority, 'seniority'],
      ['Direct Phone Number', v.phone.us, 'workPhone'],
      ['Email Address', v.email, 'email'],
      ['Mobile phone', v.phone.usLocal, 'mobilePhone'],
      ['Person Street', v.street, 'ignore'],
      ['Person City', v.city('en'), 'city'],
      ['Person State', v.region('en'), 'region'],
      ['Person Zip Code', v.zip, 'ignore'],
      ['Country', v.country('en'), 'country'],
      ['LinkedIn Contact Profile URL', v.linkedin, 'linkedinUrl'],
      ['Company Name', v.company, 'companyName'],
      ['Website', v.bareWebsite, 'website'],
      ['Revenue (in 000s USD)', (i) => String(1000 + i * 250), 'ignore'],
      ['Employees', v.employeeCount, 'companyEmployees'],
      ['Employee Range', v.employeeRange, 'ignore'],
      ['Primary Industry', v.industry, 'companyIndustry'],
    ],
  },
  {
    name: 'Lusha (Contact and Company prefixes)',
    entity: 'contacts',
    columns: [
      ['Contact First Name', v.first, 'firstName'],
      ['Contact Last Name', v.last, 'lastName'],
      ['Contact Job Title', v.title('en'), 'jobTitle'],
      ['Contact Email', v.email, 'email'],
      ['Contact Phone 1', v.phone.us, 'workPhone'],
      ['Contact Phone 2', v.phone.usLocal, 'otherPhone'],
      ['Contact LinkedIn URL', v.linkedin, 'linkedinUrl'],
      ['Contact Country', v.country('en'), 'country'],
      ['Company Name', v.company, 'companyName'],
      ['Company Domain', v.domain, 'companyDomain'],
      ['Company Industry', v.industry, 'companyIndustry'],
      ['Company Size', v.employeeRange, 'companyEmployees'],
    ],
  },
  {
    name: 'LinkedIn Connections.csv (notes before the header)',
    entity: 'contacts',
    preamble: ['Notes:', 'When exporting your connection data, you may notice that some of the email addresses are missing.', ''],
    columns: [
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['URL', v.linkedin, 'linkedinUrl'],
      ['Email Address', (i) => (i % 3 === 0 ? v.email(i) : ''), 'email'],
      ['Company', v.company, 'companyName'],
      ['Position', v.title('en'), 'jobTitle'],
      ['Connected On', (i) => `${1 + (i % 28)} Mar 2024`, 'ignore'],
    ],
  },
  {
    name: 'LinkedIn Sales Navigator list',
    entity: 'contacts',
    columns: [
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Title', v.title('en'), 'jobTitle'],
      ['Company', v.company, 'companyName'],
      ['Profile URL', v.linkedin, 'linkedinUrl'],
      ['Location', (i) => `${v.city('en')(i)}, United States`, 'ignore'],
      ['Industry', v.industry, 'companyIndustry'],
    ],
  },
  {
    name: 'Google Contacts (current format)',
    entity: 'contacts',
    columns: [
      ['First Name', v.first, 'firstName'],
      ['Middle Name', v.empty, 'ignore'],
      ['Last Name', v.last, 'lastName'],
      ['Organization Name', v.company, 'companyName'],
      ['Organization Title', v.title('en'), 'jobTitle'],
      ['Organization Department', v.department, 'department'],
      ['E-mail 1 - Label', v.words('* Work', 'Work'), 'ignore'],
      ['E-mail 1 - Value', v.email, 'email'],
      ['E-mail 2 - Label', v.words('Home'), 'ignore'],
      ['E-mail 2 - Value', v.otherEmail, 'additionalOtherEmail'],
      ['Phone 1 - Label', v.words('Mobile'), 'ignore'],
      ['Phone 1 - Value', v.phone.us, 'workPhone'],
      ['Phone 2 - Label', v.words('Work'), 'ignore'],
      ['Phone 2 - Value', v.phone.usLocal, 'otherPhone'],
      ['Address 1 - City', v.city('en'), 'city'],
      ['Address 1 - Region', v.region('en'), 'region'],
      ['Address 1 - Country', v.country('en'), 'country'],
      ['Website 1 - Value', v.website, 'website'],
      ['Labels', v.words('* myContacts ::: Clients'), 'ignore'],
      ['Notes', v.note, 'notes'],
    ],
  },
  {
    name: 'Google Contacts (older format)',
    entity: 'contacts',
    columns: [
      ['Name', v.fullName, 'ignore'],
      ['Given Name', v.first, 'firstName'],
      ['Family Name', v.last, 'lastName'],
      ['E-mail 1 - Type', v.words('* Work'), 'ignore'],
      ['E-mail 1 - Value', v.email, 'email'],
      ['Phone 1 - Type', v.words('Mobile'), 'ignore'],
      ['Phone 1 - Value', v.phone.uk, 'workPhone'],
      ['Organization 1 - Name', v.company, 'companyName'],
      ['Organization 1 - Title', v.title('en'), 'jobTitle'],
    ],
  },
  {
    name: 'Outlook (English; Title is the name prefix)',
    entity: 'contacts',
    columns: [
      ['Title', v.words('Mr.', 'Ms.', 'Dr.'), 'ignore'],
      ['First Name', v.first, 'firstName'],
      ['Middle Name', v.empty, 'ignore'],
      ['Last Name', v.last, 'lastName'],
      ['Suffix', v.empty, 'ignore'],
      ['Company', v.company, 'companyName'],
      ['Department', v.department, 'department'],
      ['Job Title', v.title('en'), 'jobTitle'],
      ['Business Street', v.street, 'ignore'],
      ['Business City', v.city('en'), 'city'],
      ['Business State', v.region('en'), 'region'],
      ['Business Postal Code', v.zip, 'ignore'],
      ['Business Country/Region', v.country('en'), 'country'],
      ['Business Phone', v.phone.us, 'workPhone'],
      ['Mobile Phone', v.phone.usLocal, 'mobilePhone'],
      ['Home Phone', v.phone.us, 'otherPhone'],
      ['E-mail Address', v.email, 'email'],
      ['E-mail 2 Address', v.otherEmail, 'additionalOtherEmail'],
      ['Notes', v.note, 'notes'],
      ['Web Page', v.website, 'website'],
    ],
  },
  {
    name: 'Outlook German (Windows-1252, semicolons)',
    entity: 'contacts',
    delimiter: ';',
    encoding: 'windows-1252',
    columns: [
      ['Anrede', v.words('Herr', 'Frau'), 'ignore'],
      ['Vorname', v.first, 'firstName'],
      ['Weitere Vornamen', v.empty, 'ignore'],
      ['Nachname', v.last, 'lastName'],
      ['Firma', v.company, 'companyName'],
      ['Abteilung', v.department, 'department'],
      ['Position', v.title('de'), 'jobTitle'],
      ['Straße geschäftlich', v.street, 'ignore'],
      ['Ort geschäftlich', v.city('de'), 'city'],
      ['Bundesland/Kanton geschäftlich', v.region('de'), 'region'],
      ['Postleitzahl geschäftlich', v.zip, 'ignore'],
      ['Land/Region geschäftlich', v.country('de'), 'country'],
      ['Telefon geschäftlich', v.phone.de, 'workPhone'],
      ['Mobiltelefon', v.phone.deMobile, 'mobilePhone'],
      ['Telefon privat', v.phone.de, 'otherPhone'],
      ['E-Mail-Adresse', v.email, 'email'],
      ['E-Mail 2: Adresse', v.otherEmail, 'additionalOtherEmail'],
      ['Notizen', v.note, 'notes'],
      ['Webseite', v.website, 'website'],
    ],
  },
  {
    name: 'Outlook French',
    entity: 'contacts',
    delimiter: ';',
    encoding: 'utf-8-bom',
    columns: [
      ['Prénom', v.first, 'firstName'],
      ['Nom', v.last, 'lastName'],
      ['Société', v.company, 'companyName'],
      ['Service', v.department, 'department'],
      ['Fonction', v.title('fr'), 'jobTitle'],
      ['Rue (bureau)', v.street, 'ignore'],
      ['Ville (bureau)', v.city('fr'), 'city'],
      ['Pays/Région (bureau)', v.country('fr'), 'country'],
      ['Téléphone (bureau)', v.phone.fr, 'workPhone'],
      ['Tél. mobile', v.phone.fr, 'mobilePhone'],
      ['Adresse de messagerie', v.email, 'email'],
      ['Remarques', v.note, 'notes'],
    ],
  },
  {
    name: 'Excel Spanish (semicolons, BOM)',
    entity: 'contacts',
    delimiter: ';',
    encoding: 'utf-8-bom',
    columns: [
      ['Nombre', v.first, 'firstName'],
      ['Apellidos', v.last, 'lastName'],
      ['Empresa', v.company, 'companyName'],
      ['Cargo', v.title('es'), 'jobTitle'],
      ['Correo electrónico', v.email, 'email'],
      ['Teléfono', v.phone.es, 'workPhone'],
      ['Móvil', v.phone.es, 'mobilePhone'],
      ['Ciudad', v.city('es'), 'city'],
      ['Provincia', v.region('es'), 'region'],
      ['País', v.country('es'), 'country'],
      ['Fecha de alta', v.deDate, 'ignore'],
    ],
  },
  {
    name: 'Excel Portuguese (Brazil)',
    entity: 'contacts',
    delimiter: ';',
    columns: [
      ['Nome', v.first, 'firstName'],
      ['Sobrenome', v.last, 'lastName'],
      ['Empresa', v.company, 'companyName'],
      ['Cargo', v.title('pt'), 'jobTitle'],
      ['E-mail', v.email, 'email'],
      ['Telefone', v.phone.br, 'workPhone'],
      ['Celular', v.phone.br, 'mobilePhone'],
      ['Cidade', v.city('pt'), 'city'],
      ['Estado', v.region('pt'), 'region'],
      ['País', v.country('pt'), 'country'],
    ],
  },
  {
    name: 'Excel Italian (xlsx)',
    entity: 'contacts',
    file: 'xlsx',
    columns: [
      ['Nome', v.first, 'firstName'],
      ['Cognome', v.last, 'lastName'],
      ['Azienda', v.company, 'companyName'],
      ['Ruolo', v.title('it'), 'jobTitle'],
      ['Email', v.email, 'email'],
      ['Telefono', v.phone.it, 'workPhone'],
      ['Cellulare', v.phone.it, 'mobilePhone'],
      ['Città', v.city('it'), 'city'],
      ['Regione', v.region('it'), 'region'],
      ['Paese', v.country('it'), 'country'],
    ],
  },
  {
    name: 'Excel Dutch',
    entity: 'contacts',
    delimiter: ';',
    columns: [
      ['Voornaam', v.first, 'firstName'],
      ['Tussenvoegsel', v.words('van', 'de', ''), 'ignore'],
      ['Achternaam', v.last, 'lastName'],
      ['Bedrijf', v.company, 'companyName'],
      ['Functie', v.title('nl'), 'jobTitle'],
      ['E-mailadres', v.email, 'email'],
      ['Telefoonnummer', v.phone.nl, 'workPhone'],
      ['Mobiel', v.phone.nl, 'mobilePhone'],
      ['Plaats', v.city('nl'), 'city'],
      ['Provincie', v.region('nl'), 'region'],
      ['Land', v.country('nl'), 'country'],
    ],
  },
  {
    name: 'Excel French companies',
    entity: 'companies',
    delimiter: ';',
    encoding: 'windows-1252',
    columns: [
      ['Raison sociale', v.company, 'name'],
      ['Site web', v.website, 'website'],
      ["Secteur d'activité", v.industry, 'industry'],
      ['Effectif', v.employeeRange, 'employeeRange'],
      ["Chiffre d'affaires", v.revenue, 'revenueRange'],
      ['Téléphone', v.phone.fr, 'phone'],
      ['Ville', v.city('fr'), 'city'],
      ['Pays', v.country('fr'), 'country'],
    ],
  },
  {
    name: 'Excel German companies (xlsx, title row)',
    entity: 'companies',
    file: 'xlsx',
    preamble: ['Firmenliste Q1'],
    columns: [
      ['Firmenname', v.company, 'name'],
      ['Webseite', v.website, 'website'],
      ['Branche', v.industry, 'industry'],
      ['Mitarbeiter', v.employeeCount, 'employeeRange'],
      ['Jahresumsatz', v.revenue, 'revenueRange'],
      ['Telefon', v.phone.de, 'phone'],
      ['Ort', v.city('de'), 'city'],
      ['Land', v.country('de'), 'country'],
      ['Gründungsjahr', v.foundedYear, 'foundedYear'],
    ],
  },
  {
    name: 'Report with title rows and a footer (UTF-16 tab-separated)',
    entity: 'contacts',
    delimiter: '\t',
    encoding: 'utf-16le',
    preamble: ['Quarterly leads', 'Generated 2024-03-31'],
    footer: ['Generated by Acme Reports', '© 2024 Acme Inc.'],
    columns: [
      ['Full Name', v.fullName, 'fullName'],
      ['Email', v.email, 'email'],
      ['Company', v.company, 'companyName'],
      ['Country', v.country('iso'), 'country'],
    ],
  },
  {
    name: 'Repeated owner columns',
    entity: 'contacts',
    columns: [
      ['Owner', v.ownerName, 'owner'],
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Email', v.email, 'email'],
      ['Owner', v.ownerName, 'ignore'],
      ['Previous Owner', v.ownerName, 'ignore'],
    ],
  },
  {
    name: 'Numbered email and phone columns',
    entity: 'contacts',
    columns: [
      ['Name', v.fullName, 'fullName'],
      ['Email 1', v.email, 'email'],
      ['Email 2', v.otherEmail, 'additionalOtherEmail'],
      ['E-mail 3', v.otherEmail, 'additionalOtherEmail'],
      ['Phone 1', v.phone.us, 'workPhone'],
      ['Phone 2', v.phone.usLocal, 'otherPhone'],
      ['Phone 3', v.phone.uk, 'additionalOtherPhone'],
    ],
  },
  {
    name: 'The uploader on every row beside the Work Email (the silent loss)',
    entity: 'contacts',
    rows: 60,
    columns: [
      ['Name', v.fullName, 'fullName'],
      ['Work Email', v.email, 'email'],
      ['Added By', v.sameEmail, 'ignore'],
      ['Company', v.company, 'companyName'],
    ],
  },
  {
    name: 'Lead prefixes',
    entity: 'contacts',
    columns: [
      ['Lead Name', lastFirstOrFull, 'fullName'],
      ['Lead Email', v.email, 'email'],
      ['Lead Phone', v.phone.us, 'workPhone'],
      ['Lead Title', v.title('en'), 'jobTitle'],
      ['Lead Company', v.company, 'companyName'],
      ['Lead City', v.city('en'), 'city'],
      ['Lead State', v.region('en'), 'region'],
      ['Lead Country', v.country('en'), 'country'],
      ['Lead Source', v.words('Web'), 'ignore'],
    ],
  },
  {
    name: "A contacts file with its account's columns",
    entity: 'contacts',
    columns: [
      ['First Name', v.first, 'firstName'],
      ['Last Name', v.last, 'lastName'],
      ['Email', v.email, 'email'],
      ['Account Name', v.company, 'companyName'],
      ['Account Industry', v.industry, 'companyIndustry'],
      ['Account Website', v.website, 'website'],
      ['Account Phone', v.phone.us, 'companyPhone'],
      ['Account Owner', v.ownerName, 'ignore'],
    ],
  },
  {
    name: 'Headers that say nothing: the values decide',
    entity: 'contacts',
    columns: [
      ['col1', v.fullName, 'fullName'],
      ['col2', v.email, 'email'],
      ['col3', v.phone.us, 'workPhone'],
      ['col4', v.linkedin, 'linkedinUrl'],
      ['col5', v.country('de'), 'country'],
      ['col6', v.domain, 'companyDomain'],
      ['col7', v.department, 'ignore'],
    ],
  },
  {
    name: 'Companies with headers that say nothing',
    entity: 'companies',
    columns: [
      ['A', v.company, 'ignore'],
      ['B', v.domain, 'domain'],
      ['C', v.companyLinkedin, 'linkedinUrl'],
      ['D', v.phone.nl, 'phone'],
      ['E', v.country('nl'), 'country'],
    ],
  },
];

/** "García Márquez, Gabriel" on some rows, "Gabriel García Márquez" on others. */
function lastFirstOrFull(i: number): string {
  return i % 2 === 0 ? v.lastCommaFirst(i) : v.fullName(i);
}

export const headersOf = (e: CorpusExport) => e.columns.map((c) => c[0]);
export const rowsOf = (e: CorpusExport): number => e.rows ?? DEFAULT_ROWS;

/** The data rows of an export, each the columns' values for its row number. */
export function recordsOf(e: CorpusExport, order?: number[]): string[][] {
  const rows = Array.from({ length: rowsOf(e) }, (_, i) => e.columns.map(([, gen]) => gen(i)));
  return order ? order.map((i) => rows[i]!) : rows;
}

/** The export as its tool writes it: bytes and file type. `columns` reorders columns, `rows` rows. */
export async function buildExport(
  e: CorpusExport,
  reorder: { columns?: number[]; rows?: number[] } = {},
): Promise<{ bytes: Buffer; fileType: 'csv' | 'xlsx'; fileName: string }> {
  const columnOrder = reorder.columns ?? e.columns.map((_, i) => i);
  const pickColumns = (r: string[]) => columnOrder.map((i) => r[i] ?? '');
  const header = pickColumns(headersOf(e));
  const data = recordsOf(e, reorder.rows).map(pickColumns);
  if (e.file === 'xlsx') {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Export');
    for (const line of e.preamble ?? []) sheet.addRow([line]);
    sheet.addRow(header);
    for (const r of data) sheet.addRow(r);
    return { bytes: Buffer.from(await book.xlsx.writeBuffer()), fileType: 'xlsx', fileName: `${e.name}.xlsx` };
  }
  const delimiter = e.delimiter ?? ',';
  const lines = [
    ...(e.preamble ?? []).map((l) => [l]),
    header,
    ...data,
    ...(e.footer ? [[''], ...e.footer.map((l) => [l])] : []),
  ];
  const text = stringify(lines, { delimiter, record_delimiter: 'windows' });
  const encoding = e.encoding ?? 'utf-8';
  const bytes =
    encoding === 'utf-8-bom'
      ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
      : encoding === 'utf-16le'
        ? Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')])
        : encoding === 'windows-1252'
          ? iconv.encode(text, 'windows-1252')
          : Buffer.from(text);
  return { bytes, fileType: 'csv', fileName: `${e.name}.${delimiter === '\t' ? 'txt' : 'csv'}` };
}
