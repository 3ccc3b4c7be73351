import type { VnRegion } from '@khela/fair';

/**
 * The Vietnamese lotteries' calendar (pure; domain §A1.1): the game code of each region, its
 * official draw time in Asia/Ho_Chi_Minh (UTC+7 all year, no daylight saving) and the stations
 * drawn on each weekday. A draw's issue number is `YYYYMMDD-STATION` (its Vietnamese date).
 */
export const VN_GAMES = { VNN: 'north', VNS: 'south', VNC: 'central' } as const satisfies Record<
  string,
  VnRegion
>;
export type VnGameCode = keyof typeof VN_GAMES;
export const isVnGame = (code: string): code is VnGameCode => code in VN_GAMES;
export const vnGameOf = (region: VnRegion): VnGameCode =>
  region === 'north' ? 'VNN' : region === 'south' ? 'VNS' : 'VNC';

/** Official draw start, Vietnamese local time (hour, minute). */
export const VN_DRAW_TIME: Record<VnRegion, [number, number]> = {
  south: [16, 15],
  central: [17, 15],
  north: [18, 15],
};

/** Betting closes this long before the draw starts (the first prize). */
export const VN_LOCK_MS = 60_000;

/** Vietnam's offset from UTC (Asia/Ho_Chi_Minh has had no daylight saving since 1975). */
const VN_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** Station code → name. */
export const VN_STATIONS: Record<string, string> = {
  HN: 'Hà Nội',
  QN: 'Quảng Ninh',
  BN: 'Bắc Ninh',
  HP: 'Hải Phòng',
  ND: 'Nam Định',
  TB: 'Thái Bình',
  HCM: 'TP. Hồ Chí Minh',
  DT: 'Đồng Tháp',
  CM: 'Cà Mau',
  BTR: 'Bến Tre',
  VT: 'Vũng Tàu',
  BL: 'Bạc Liêu',
  DNA: 'Đồng Nai',
  CT: 'Cần Thơ',
  ST: 'Sóc Trăng',
  TN: 'Tây Ninh',
  AG: 'An Giang',
  BTH: 'Bình Thuận',
  VL: 'Vĩnh Long',
  BD: 'Bình Dương',
  TV: 'Trà Vinh',
  LA: 'Long An',
  BP: 'Bình Phước',
  HG: 'Hậu Giang',
  TG: 'Tiền Giang',
  KG: 'Kiên Giang',
  DL: 'Đà Lạt',
  TTH: 'Thừa Thiên Huế',
  PY: 'Phú Yên',
  DLK: 'Đắk Lắk',
  QNM: 'Quảng Nam',
  DNG: 'Đà Nẵng',
  KH: 'Khánh Hòa',
  BDI: 'Bình Định',
  QT: 'Quảng Trị',
  QB: 'Quảng Bình',
  GL: 'Gia Lai',
  NT: 'Ninh Thuận',
  QNG: 'Quảng Ngãi',
  DNO: 'Đắk Nông',
  KT: 'Kon Tum',
};

/** Stations drawn by weekday (0 = Sunday … 6 = Saturday). The North draws one, the South 3 (4 on Saturday). */
export const VN_WEEKDAY_STATIONS: Record<VnRegion, readonly (readonly string[])[]> = {
  north: [['TB'], ['HN'], ['QN'], ['BN'], ['HN'], ['HP'], ['ND']],
  south: [
    ['TG', 'KG', 'DL'],
    ['HCM', 'DT', 'CM'],
    ['BTR', 'VT', 'BL'],
    ['DNA', 'CT', 'ST'],
    ['TN', 'AG', 'BTH'],
    ['VL', 'BD', 'TV'],
    ['HCM', 'LA', 'BP', 'HG'],
  ],
  central: [
    ['KT', 'KH', 'TTH'],
    ['TTH', 'PY'],
    ['DLK', 'QNM'],
    ['DNG', 'KH'],
    ['BDI', 'QT', 'QB'],
    ['GL', 'NT'],
    ['DNG', 'QNG', 'DNO'],
  ],
};

/** The Vietnamese calendar date (`YYYY-MM-DD`) of an instant. */
export const vnDateOf = (at: Date) => new Date(at.getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);

/** The date `days` after a `YYYY-MM-DD` date. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export type VnDrawTimes = {
  region: VnRegion;
  station: string;
  drawDate: string;
  issueNo: string;
  locksAt: Date;
  drawsAt: Date;
};

/** The draws of a region on a Vietnamese date: its stations of that weekday at the official time. */
export const vnDrawsOn = (region: VnRegion, date: string): VnDrawTimes[] => {
  const [hour, minute] = VN_DRAW_TIME[region];
  const drawsAt = new Date(Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000 - VN_OFFSET_MS);
  const stations = VN_WEEKDAY_STATIONS[region][weekdayOf(date)] ?? [];
  return stations.map((station) => ({
    region,
    station,
    drawDate: date,
    issueNo: `${date.replaceAll('-', '')}-${station}`,
    locksAt: new Date(drawsAt.getTime() - VN_LOCK_MS),
    drawsAt,
  }));
};
