import { csvCell, csvNumber, toCsv } from './csv';

test('a file starts with the UTF-8 BOM and ends lines with CRLF', () => {
  expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\ufeffa,b\r\n1,x\r\n');
});

test('cells a spreadsheet would read as formulas get a leading quote, like the account record', () => {
  for (const s of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) expect(csvCell(s).replace(/^"|"$/g, '').startsWith("'")).toBe(true);
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell(-5)).toBe('-5'); // a number stays a number
  expect(csvCell(csvNumber('-48.00'))).toBe('-48.00'); // so does an amount formatted as text
  expect(csvCell(csvNumber('-48.00+1'))).toBe("'-48.00+1"); // not a plain decimal: free text
  expect(csvCell('-48.00')).toBe("'-48.00");
  expect(csvCell(null)).toBe('');
});

test('quotes commas, quotes and line breaks (RFC 4180)', () => {
  expect(csvCell('a,b')).toBe('"a,b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell('=1,2')).toBe('"\'=1,2"');
});
