/**
 * A Solar Hijri (Jalali) date typed as YYYY/MM/DD, in any digits, as a
 * JavaScript Date (UTC midnight), so that Intl's persian calendar can
 * show it back in words; null when it is no such date. Only for display:
 * the daemon judges dates.
 */

import { normalise } from './showif';

function div( a, b ) {
	return Math.floor( a / b );
}

export function jalaliToDate( text ) {
	var m = normalise( text ).match( /^(\d{4})[\/\-.](\d{1,2})[\/\-.](\d{1,2})$/ );
	if ( ! m ) {
		return null;
	}
	var jy = +m[ 1 ];
	var jm = +m[ 2 ];
	var jd = +m[ 3 ];
	if ( jm < 1 || jm > 12 || jd < 1 || jd > ( jm <= 6 ? 31 : 30 ) ) {
		return null;
	}
	// The 33-year arithmetic rule, valid for the years people type.
	jy += 1595;
	var days = -355668 + 365 * jy + div( jy, 33 ) * 8 + div( ( jy % 33 ) + 3, 4 ) + jd + ( jm < 7 ? ( jm - 1 ) * 31 : ( ( jm - 7 ) * 30 ) + 186 );
	var gy = 400 * div( days, 146097 );
	days %= 146097;
	if ( days > 36524 ) {
		gy += 100 * div( --days, 36524 );
		days %= 36524;
		if ( days >= 365 ) {
			days++;
		}
	}
	gy += 4 * div( days, 1461 );
	days %= 1461;
	if ( days > 365 ) {
		gy += div( days - 1, 365 );
		days = ( days - 1 ) % 365;
	}
	var gd = days + 1;
	var months = [ 0, 31, ( gy % 4 === 0 && gy % 100 !== 0 ) || gy % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 ];
	var gm = 0;
	for ( gm = 1; gm <= 12 && gd > months[ gm ]; gm++ ) {
		gd -= months[ gm ];
	}
	var d = new Date( Date.UTC( gy, gm - 1, gd ) );
	// Esfand 30 of a common year rolls over; Intl shows the real day, but
	// a date that does not exist is better shown as nothing.
	if ( jd === 30 && jm === 12 ) {
		var back = new Intl.DateTimeFormat( 'en-US-u-ca-persian', { month: 'numeric', timeZone: 'UTC' } ).format( d );
		if ( '12' !== normalise( back ) ) {
			return null;
		}
	}
	return d;
}
