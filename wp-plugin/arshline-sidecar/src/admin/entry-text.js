/**
 * How entries read on the Entries and Results tabs: times in the Jalali
 * calendar on Iran's clock, the labels of an entry's and a delivery's
 * status, file sizes, and the addresses of downloads (files, exports).
 */

import { __, _x, sprintf } from '@wordpress/i18n';

import { isFa } from './config';
import { num } from './i18n';

const cfg = window.arshlineSidecar || {};

const jalaliFormat = new Intl.DateTimeFormat( isFa ? 'fa-IR-u-ca-persian' : 'en-US-u-ca-persian', {
	dateStyle: 'medium',
	timeStyle: 'short',
	timeZone: 'Asia/Tehran',
} );

/** A time the daemon gave (RFC 3339) in the Jalali calendar, Iran time. */
export function jalali( iso ) {
	const d = new Date( iso );
	return isNaN( d.getTime() ) ? String( iso || '' ) : jalaliFormat.format( d );
}

/** A URL of a REST route for a link (a download), with the wp_rest nonce. */
export function restUrl( path, params ) {
	const rest = cfg.rest || {};
	const root = String( rest.root || '/wp-json/' );
	const query = new URLSearchParams( params || {} );
	query.set( '_wpnonce', rest.nonce || '' );
	let url = root.replace( /\/$/, '' ) + path;
	if ( root.indexOf( '?' ) >= 0 ) {
		// Plain permalinks: ?rest_route=/… carries the route.
		url = root + path.replace( /^\//, '' );
	}
	return url + ( url.indexOf( '?' ) >= 0 ? '&' : '?' ) + query.toString();
}

export function submissionStatusLabel( status ) {
	return (
		{
			new: __( 'New', 'arshline-sidecar' ),
			read: __( 'Read', 'arshline-sidecar' ),
			starred: __( 'Starred', 'arshline-sidecar' ),
			spam: __( 'Spam', 'arshline-sidecar' ),
		}[ status ] || status
	);
}

export function deliveryStatusLabel( status ) {
	return (
		{
			pending: __( 'Waiting', 'arshline-sidecar' ),
			sent: _x( 'Sent', 'a delivery\'s status', 'arshline-sidecar' ),
			failed: __( 'Failed', 'arshline-sidecar' ),
			retrying: __( 'Retrying', 'arshline-sidecar' ),
		}[ status ] || status
	);
}

/** Bytes as the admin reads them: 812 bytes, 14.2 KB, 3.1 MB. */
export function fileSize( bytes ) {
	if ( bytes < 1024 ) {
		/* translators: %s: a number of bytes */
		return sprintf( __( '%s bytes', 'arshline-sidecar' ), num( bytes ) );
	}
	if ( bytes < 1024 * 1024 ) {
		/* translators: %s: a size in kilobytes */
		return sprintf( __( '%s KB', 'arshline-sidecar' ), num( Math.round( bytes / 102.4 ) / 10 ) );
	}
	/* translators: %s: a size in megabytes */
	return sprintf( __( '%s MB', 'arshline-sidecar' ), num( Math.round( bytes / 104857.6 ) / 10 ) );
}
