-- Issue 23: vCard files (.vcf, one card a row: lib/tabular/vcard.ts) are imported beside CSV and XLSX.
alter table imports drop constraint imports_file_type_check;
alter table imports add constraint imports_file_type_check check (file_type in ('csv', 'xlsx', 'vcf'));
