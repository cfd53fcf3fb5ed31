/**
 * The Jalali (Solar Hijri) calendar as the daemon keeps it
 * (daemon/jalali): ICU's leap years (the 33-year rule, moved by one year
 * in the years ICU follows the astronomical calendar), days counted from
 * 1970-01-01, and dates read as respondents type them — any digits,
 * «/ - . ٫» or spaces between the parts, or eight digits alone
 * (۱۴۰۳۰۵۱۲), year first or, with a four-digit year last, day first.
 * testdata/jalali-shared.json holds the cases both sides are tested on.
 *
 * The daemon stays the judge of every answer: this reads a date back to
 * the visitor and drives the picker.
 */

var PERSIAN = '۰۱۲۳۴۵۶۷۸۹';
var ARABIC = '٠١٢٣٤٥٦٧٨٩';

// The years the 33-year rule calls leap but ICU does not (the leap day
// moves to the next year): daemon/jalali's correctedYears.
var CORRECTED = [
	1502, 1601, 1634, 1667, 1700, 1733, 1766, 1799, 1832, 1865, 1898, 1931, 1964, 1997, 2030, 2059, 2063, 2096, 2129, 2158, 2162, 2191, 2195, 2224,
	2228, 2257, 2261, 2290, 2294, 2323, 2327, 2356, 2360, 2389, 2393, 2422, 2426, 2455, 2459, 2488, 2492, 2521, 2525, 2554, 2558, 2587, 2591, 2620,
	2624, 2653, 2657, 2686, 2690, 2719, 2723, 2748, 2752, 2756, 2781, 2785, 2789, 2818, 2822, 2847, 2851, 2855, 2880, 2884, 2888, 2913, 2917, 2921,
	2946, 2950, 2954, 2979, 2983, 2987,
];

// 1 Farvardin 1 AP as days from 1970-01-01.
var FARVARDIN1 = -492268;

function floorDiv( a, b ) {
	return Math.floor( a / b );
}

function mod( a, b ) {
	return ( ( a % b ) + b ) % b;
}

function corrected( y ) {
	return CORRECTED.indexOf( y ) >= 0;
}

/** Whether Esfand of year y has a 30th day. */
export function isLeap( y ) {
	if ( corrected( y ) ) {
		return false;
	}
	if ( corrected( y - 1 ) ) {
		return true;
	}
	return mod( 25 * y + 11, 33 ) < 8;
}

/** Days of month m (1–12) of year y; 0 for no such month. */
export function daysInMonth( y, m ) {
	if ( m >= 1 && m <= 6 ) {
		return 31;
	}
	if ( m >= 7 && m <= 11 ) {
		return 30;
	}
	return 12 === m ? ( isLeap( y ) ? 30 : 29 ) : 0;
}

function yearStart( y ) {
	return FARVARDIN1 + 365 * ( y - 1 ) + floorDiv( 8 * y + 21, 33 ) - ( corrected( y - 1 ) ? 1 : 0 );
}

function monthOffset( m ) {
	return m <= 7 ? 31 * ( m - 1 ) : 186 + 30 * ( m - 7 );
}

/** Days from 1970-01-01 to y/m/d. */
export function toDays( y, m, d ) {
	return yearStart( y ) + monthOffset( m ) + d - 1;
}

/** The date n days after 1970-01-01: { y, m, d }. */
export function fromDays( n ) {
	// The year's start is within a day of the mean year's; step to it.
	var y = floorDiv( n - FARVARDIN1, 365.2422 ) + 1;
	while ( yearStart( y ) > n ) {
		y--;
	}
	while ( yearStart( y + 1 ) <= n ) {
		y++;
	}
	var day = n - yearStart( y );
	var m = day < 186 ? floorDiv( day, 31 ) + 1 : floorDiv( day - 186, 30 ) + 7;
	return { y: y, m: m, d: day - monthOffset( m ) + 1 };
}

/** Day of the week counted from Saturday (0) to Friday (6). */
export function weekdayFromSaturday( n ) {
	// 1970-01-01 was a Thursday: 5 days after a Saturday.
	return mod( n + 5, 7 );
}

function digitValue( ch ) {
	var i = PERSIAN.indexOf( ch );
	if ( i < 0 ) {
		i = ARABIC.indexOf( ch );
	}
	if ( i < 0 && ch >= '0' && ch <= '9' ) {
		i = ch.charCodeAt( 0 ) - 48;
	}
	return i;
}

var SEPARATORS = '/-.٫؍／∕';
var SPACES = ' \t\n\r\u00a0\u2009\u202f';
var INVISIBLE = /[\u200b-\u200f\u061c\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * Reads a typed date: { y, m, d } for a day of the calendar, or
 * { error, y, m, d } where error is 'not_a_date', 'year' (not four
 * digits, or outside 1–9999), 'month' or 'day' (no such day in that
 * month of that year). A phone's numeric keyboard has no «/»: spaces or
 * eight digits alone separate the parts as well.
 */
export function parse( text ) {
	var s = String( text ).replace( INVISIBLE, '' );
	var parts = [];
	var cur = null;
	var sep = false;
	for ( var i = 0; i < s.length; i++ ) {
		var ch = s.charAt( i );
		var v = digitValue( ch );
		if ( v >= 0 ) {
			if ( null === cur ) {
				if ( 3 === parts.length ) {
					return { error: 'not_a_date' };
				}
				cur = { value: 0, digits: 0 };
				sep = false;
			}
			if ( 8 === cur.digits ) {
				return { error: 'not_a_date' };
			}
			cur.value = cur.value * 10 + v;
			cur.digits++;
			continue;
		}
		if ( null !== cur ) {
			parts.push( cur );
			cur = null;
		}
		if ( SEPARATORS.indexOf( ch ) >= 0 ) {
			if ( ! parts.length || sep ) {
				return { error: 'not_a_date' };
			}
			sep = true;
		} else if ( SPACES.indexOf( ch ) < 0 ) {
			return { error: 'not_a_date' };
		}
	}
	if ( null !== cur ) {
		parts.push( cur );
	}
	if ( sep ) {
		return { error: 'not_a_date' };
	}
	var y, m, d;
	if ( 1 === parts.length && 8 === parts[ 0 ].digits ) {
		var n = parts[ 0 ].value;
		y = { value: floorDiv( n, 10000 ), digits: 4 };
		m = { value: floorDiv( n, 100 ) % 100, digits: 2 };
		d = { value: n % 100, digits: 2 };
	} else if ( 3 !== parts.length ) {
		return { error: 'not_a_date' };
	} else if ( parts[ 0 ].digits > 2 ) {
		y = parts[ 0 ];
		m = parts[ 1 ];
		d = parts[ 2 ];
	} else if ( parts[ 2 ].digits > 2 ) {
		d = parts[ 0 ];
		m = parts[ 1 ];
		y = parts[ 2 ];
	} else {
		return { error: 'year' };
	}
	if ( 4 !== y.digits ) {
		return { error: 'year' };
	}
	if ( m.digits > 2 || d.digits > 2 ) {
		return { error: 'not_a_date' };
	}
	var out = { y: y.value, m: m.value, d: d.value };
	if ( out.y < 1 ) {
		out.error = 'year';
	} else if ( out.m < 1 || out.m > 12 ) {
		out.error = 'month';
	} else if ( out.d < 1 || out.d > daysInMonth( out.y, out.m ) ) {
		out.error = 'day';
	}
	return out;
}

/** Latin digits written in Persian ones when fa. */
export function digits( text, fa ) {
	return fa
		? String( text ).replace( /[0-9]/g, function ( c ) {
			return PERSIAN.charAt( c.charCodeAt( 0 ) - 48 );
		} )
		: String( text );
}

function pad( n ) {
	return ( n < 10 ? '0' : '' ) + n;
}

/** y/m/d as the page writes it: 1403/05/12, in Persian digits when fa. */
export function format( date, fa ) {
	return digits( date.y + '/' + pad( date.m ) + '/' + pad( date.d ), fa );
}

/** y-m-d as documents keep bounds: 1403-05-12 (null for no date). */
export function fromISO( text ) {
	var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec( text || '' );
	return m ? { y: +m[ 1 ], m: +m[ 2 ], d: +m[ 3 ] } : null;
}
