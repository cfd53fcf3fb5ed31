/**
 * Times as the site's clock shows them: an instant (RFC 3339, as a form's
 * settings.close_at) read as a wall-clock day and minute in a time zone —
 * an IANA name such as Asia/Tehran or a fixed offset such as +03:30, as
 * WordPress's wp_timezone_string() gives —, and a wall-clock day and
 * minute back to the instant. Days count from 1970-01-01 as the Jalali
 * code (../public/jalali.js) counts them, so one day is written in either
 * calendar; the page shows it in Jalali to a Persian admin and in
 * Gregorian to an English one.
 */

import { fromDays, toDays, parse as parseJalali, format as formatJalali, digits } from '../public/jalali.js';

const DAY = 86400000;
const MINUTE = 60000;

const formatters = {};
function formatter( zone ) {
	if ( ! formatters[ zone ] ) {
		formatters[ zone ] = new Intl.DateTimeFormat( 'en-US', {
			timeZone: zone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		} );
	}
	return formatters[ zone ];
}

/** Whether the zone is one this page can compute with (an IANA name Intl knows, UTC or ±HH:MM). */
export function knownZone( zone ) {
	if ( ! zone || /^[+-]\d{2}:?\d{2}$/.test( zone ) ) {
		return true;
	}
	try {
		formatter( zone );
		return true;
	} catch ( e ) {
		return false;
	}
}

/** Minutes the zone's clock is ahead of UTC at the instant ms. */
export function offsetMinutes( zone, ms ) {
	const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec( zone || '' );
	if ( fixed ) {
		return ( '-' === fixed[ 1 ] ? -1 : 1 ) * ( Number( fixed[ 2 ] ) * 60 + Number( fixed[ 3 ] ) );
	}
	if ( ! zone || 'UTC' === zone ) {
		return 0;
	}
	const whole = Math.floor( ms / 1000 ) * 1000;
	const part = {};
	formatter( zone )
		.formatToParts( new Date( whole ) )
		.forEach( ( p ) => {
			part[ p.type ] = Number( p.value );
		} );
	const asUTC = Date.UTC( part.year, part.month - 1, part.day, part.hour, part.minute, part.second );
	return Math.round( ( asUTC - whole ) / MINUTE );
}

/**
 * The wall clock of an RFC 3339 instant in the zone: { day, hour, minute }
 * (day counted from 1970-01-01), or null for no time or one that does not
 * read. Seconds are dropped: the picker chooses minutes.
 */
export function toWall( iso, zone ) {
	const ms = iso ? Date.parse( iso ) : NaN;
	if ( isNaN( ms ) ) {
		return null;
	}
	const local = ms + offsetMinutes( zone, ms ) * MINUTE;
	const day = Math.floor( local / DAY );
	const minutes = Math.floor( ( local - day * DAY ) / MINUTE );
	return { day, hour: Math.floor( minutes / 60 ), minute: minutes % 60 };
}

/**
 * The instant a wall-clock { day, hour, minute } in the zone names, as
 * RFC 3339 in UTC (2026-12-01T20:30:00Z). A time the clock shows twice
 * (when summer time ends) is its first showing, and one it skips (when
 * summer time begins) is moved on by the skipped hour — the
 * "compatible" choice of TC39 Temporal's ZonedDateTime, which is what
 * most calendars do.
 */
export function fromWall( wall, zone ) {
	const local = wall.day * DAY + ( wall.hour * 60 + wall.minute ) * MINUTE;
	const before = offsetMinutes( zone, local - DAY );
	const after = offsetMinutes( zone, local + DAY );
	const fits = [ before, after ]
		.map( ( o ) => local - o * MINUTE )
		.filter( ( t ) => toWallMs( t, zone ) === local )
		.sort( ( a, b ) => a - b );
	const at = fits.length ? fits[ 0 ] : local - before * MINUTE;
	return new Date( at ).toISOString().replace( /\.\d{3}Z$/, 'Z' );
}

function toWallMs( ms, zone ) {
	return ms + offsetMinutes( zone, ms ) * MINUTE;
}

/** The day of a Jalali { y, m, d } or a Gregorian one, and back. */
export function jalaliDay( date ) {
	return toDays( date.y, date.m, date.d );
}
export function gregorianDay( date ) {
	return Math.floor( Date.UTC( date.y, date.m - 1, date.d ) / DAY );
}
export function gregorianOf( day ) {
	const d = new Date( day * DAY );
	return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

/** A day written for the admin: 1403/09/10 (Persian digits) in Jalali, 2024-11-30 (an <input type="date"> value) in Gregorian. */
export function dayText( day, jalali ) {
	if ( jalali ) {
		return formatJalali( fromDays( day ), true );
	}
	const g = gregorianOf( day );
	return String( g.y ).padStart( 4, '0' ) + '-' + pad( g.m ) + '-' + pad( g.d );
}

/** The day a typed date names (Jalali as the public form reads it, or an <input type="date"> value), or null. */
export function readDay( text, jalali ) {
	if ( jalali ) {
		const p = parseJalali( text );
		return p.error ? null : jalaliDay( p );
	}
	const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec( String( text || '' ).trim() );
	if ( ! m ) {
		return null;
	}
	const g = { y: Number( m[ 1 ] ), m: Number( m[ 2 ] ), d: Number( m[ 3 ] ) };
	const day = gregorianDay( g );
	const back = gregorianOf( day );
	return back.m === g.m && back.d === g.d ? day : null;
}

function pad( n ) {
	return ( n < 10 ? '0' : '' ) + n;
}

/** hour:minute, 24-hour, in Persian digits when fa: ۱۷:۳۰. */
export function timeText( hour, minute, fa ) {
	return digits( pad( hour ) + ':' + pad( minute ), fa );
}

/** { hour, minute } of typed 24-hour time (any digits; «:», «.» or «٫» between), or null. */
export function readTime( text ) {
	const latin = String( text || '' ).replace( /[\u06F0-\u06F9\u0660-\u0669]/g, ( c ) => {
		const code = c.charCodeAt( 0 );
		return String( code >= 0x06f0 ? code - 0x06f0 : code - 0x0660 );
	} );
	const m = /^\s*(\d{1,2})\s*[:.٫]\s*(\d{2})\s*$/.exec( latin );
	if ( ! m ) {
		return null;
	}
	const hour = Number( m[ 1 ] );
	const minute = Number( m[ 2 ] );
	return hour < 24 && minute < 60 ? { hour, minute } : null;
}
