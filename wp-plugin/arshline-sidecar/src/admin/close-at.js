/**
 * The close date of a form's Settings tab: a day and a minute on the
 * site's clock (WordPress's time zone, not the admin's computer's), kept
 * as the RFC 3339 settings.close_at the service reads. A Persian admin
 * writes or picks a Jalali day in Persian digits, with the public form's
 * own Jalali picker (../public/datepicker.js); an English admin a
 * Gregorian one with the browser's date input. A clear button empties it.
 */

import { createElement as h, useEffect, useRef, useState } from '@wordpress/element';
import { Button, TextControl } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { attachPicker } from '../public/datepicker';
import { isFa } from './config';
import { dayText, fromWall, knownZone, readDay, readTime, timeText, toWall } from './wallclock';

const cfg = window.arshlineSidecar || {};
/** The site's time zone; UTC when WordPress names one this browser does not know. */
export const siteZone = cfg.timezone && knownZone( cfg.timezone ) ? cfg.timezone : 'UTC';

function pickerStrings() {
	return {
		months: __( 'Farvardin,Ordibehesht,Khordad,Tir,Mordad,Shahrivar,Mehr,Aban,Azar,Dey,Bahman,Esfand', 'arshline-sidecar' ),
		// Saturday first: the Iranian week.
		days: __( 'Saturday,Sunday,Monday,Tuesday,Wednesday,Thursday,Friday', 'arshline-sidecar' ),
		days_short: __( 'Sa,Su,Mo,Tu,We,Th,Fr', 'arshline-sidecar' ),
		pick: __( 'Choose the day from the calendar', 'arshline-sidecar' ),
		prev_month: __( 'Previous month', 'arshline-sidecar' ),
		next_month: __( 'Next month', 'arshline-sidecar' ),
		prev_year: __( 'Previous year', 'arshline-sidecar' ),
		next_year: __( 'Next year', 'arshline-sidecar' ),
		close: __( 'Close', 'arshline-sidecar' ),
		keys: __( 'Arrow keys move by day and week, Page Up and Page Down by month (with Shift by year), Enter chooses, Escape closes.', 'arshline-sidecar' ),
	};
}

/**
 * What the two inputs say: { value } for a time (null when both are
 * empty), or { error } with the message shown under them.
 */
function read( date, time ) {
	if ( ! date.trim() && ! time.trim() ) {
		return { value: null };
	}
	const day = readDay( date, isFa );
	if ( null === day ) {
		return { error: isFa ? sprintf( __( 'Write the day as year/month/day, like %s.', 'arshline-sidecar' ), '۱۴۰۵/۰۹/۱۰' ) : __( 'Choose a day.', 'arshline-sidecar' ) };
	}
	const t = readTime( time );
	if ( ! t ) {
		return { error: sprintf( __( 'Write the time as hour:minute on a 24-hour clock, like %s.', 'arshline-sidecar' ), timeText( 18, 30, isFa ) ) };
	}
	return { value: fromWall( { day, hour: t.hour, minute: t.minute }, siteZone ) };
}

/**
 * @param {Object}   props
 * @param {?string}  props.value    settings.close_at, or null.
 * @param {Function} props.onChange Called with (close_at, complete): the
 *                                  new value, or the last good one and
 *                                  false while the inputs do not read.
 */
export function CloseAt( { value, onChange } ) {
	const wall = toWall( value, siteZone );
	const [ date, setDate ] = useState( wall ? dayText( wall.day, isFa ) : '' );
	const [ time, setTime ] = useState( wall ? timeText( wall.hour, wall.minute, isFa ) : '' );
	const [ error, setError ] = useState( null );
	const holder = useRef( null );
	const jalaliInput = useRef( null );
	const latest = useRef( {} );
	latest.current = { date, time, value, onChange };

	function update( nextDate, nextTime ) {
		setDate( nextDate );
		setTime( nextTime );
		const r = read( nextDate, nextTime );
		setError( r.error || null );
		latest.current.onChange( r.error ? latest.current.value : r.value, ! r.error );
	}

	// The Jalali input and its picker are the public form's, outside
	// React: the picker wraps the input in its own elements.
	useEffect( function () {
		if ( ! isFa || ! holder.current ) {
			return;
		}
		const input = document.createElement( 'input' );
		input.type = 'text';
		input.id = 'arsh-set-close-date';
		input.className = 'components-text-control__input';
		input.inputMode = 'numeric';
		input.autocomplete = 'off';
		input.value = latest.current.date;
		input.setAttribute( 'aria-describedby', 'arsh-set-close-help' );
		input.addEventListener( 'input', function () {
			update( input.value, latest.current.time );
		} );
		holder.current.appendChild( input );
		attachPicker( holder.current, input, pickerStrings(), true );
		jalaliInput.current = input;
	}, [] );

	function clear() {
		if ( jalaliInput.current ) {
			jalaliInput.current.value = '';
		}
		update( '', '' );
	}

	const dayLabel = isFa ? __( 'Day (year/month/day, Jalali calendar)', 'arshline-sidecar' ) : __( 'Day', 'arshline-sidecar' );
	return h(
		'fieldset',
		{ className: 'arsh-block arsh-set-close', 'aria-describedby': 'arsh-set-close-help' },
		h( 'legend', null, __( 'Stop taking answers at', 'arshline-sidecar' ) ),
		h(
			'p',
			{ className: 'description', id: 'arsh-set-close-help' },
			sprintf( __( 'A day and time on the site\'s clock (%s), not your computer\'s. Empty: answers are taken until the form is closed by hand.', 'arshline-sidecar' ), siteZone )
		),
		h(
			'div',
			{ className: 'arsh-set-close__row' },
			isFa
				? h(
						'div',
						{ className: 'components-base-control arsh-set-close__date' },
						h( 'label', { className: 'components-base-control__label', htmlFor: 'arsh-set-close-date' }, dayLabel ),
						h( 'div', { ref: holder } )
				  )
				: h( TextControl, { type: 'date', label: dayLabel, value: date, onChange: ( v ) => update( v, time ), className: 'arsh-set-close__date' } ),
			// No id for WordPress's controls: an id given to TextControl
			// lands on its input and unties it from its label.
			h( TextControl, {
				type: isFa ? 'text' : 'time',
				inputMode: isFa ? 'numeric' : undefined,
				autoComplete: 'off',
				label: __( 'Time (hour:minute, 24-hour clock)', 'arshline-sidecar' ),
				value: time,
				onChange: ( v ) => update( date, v ),
				className: 'arsh-set-close__time',
			} ),
			h( Button, { variant: 'secondary', onClick: clear, id: 'arsh-set-close-clear', disabled: ! date && ! time }, __( 'Clear the close date', 'arshline-sidecar' ) )
		),
		h( 'p', { className: 'arsh-set-close__error', id: 'arsh-set-close-error', 'aria-live': 'polite' }, error || '' )
	);
}
