/**
 * A Jalali date picker beside a date question's text input, after the
 * WAI-ARIA Authoring Practices' date picker dialog: a button opens a
 * modal dialog holding a grid of the month's days; arrow keys move by day
 * and week (mirrored right to left), Home/End to the week's ends, Page
 * Up/Down by month and with Shift by year, Enter or Space chooses,
 * Escape closes; focus stays in the dialog and goes back to the button.
 * Days outside the question's min/max cannot be chosen. The input stays
 * the answer: typing into it works as without the picker, which only
 * writes into it.
 */

import './datepicker.css';
import { toDays, fromDays, daysInMonth, weekdayFromSaturday, format, digits, parse, fromISO } from './jalali';

var seq = 0;

function make( tag, attrs, text ) {
	var e = document.createElement( tag );
	Object.keys( attrs || {} ).forEach( function ( k ) {
		e.setAttribute( k, attrs[ k ] );
	} );
	if ( null != text ) {
		e.textContent = text;
	}
	return e;
}

/** Today on the visitor's clock, as days from 1970-01-01. */
function today() {
	var t = new Date();
	return Math.floor( Date.UTC( t.getFullYear(), t.getMonth(), t.getDate() ) / 86400000 );
}

/**
 * Adds the picker to one question.
 *
 * @param {HTMLElement} wrap  The question's element (data-min, data-max).
 * @param {HTMLInputElement} input Its text input.
 * @param {Object} S  The form's strings (months, days, pick…).
 * @param {boolean} fa Whether the page is Persian.
 */
export function attachPicker( wrap, input, S, fa ) {
	var id = 'arshline-dp-' + ++seq;
	var months = S.months.split( fa ? '،' : ',' );
	var dayNames = S.days.split( fa ? '،' : ',' );
	var short = S.days_short.split( fa ? '،' : ',' );
	var rtl = 'rtl' === getComputedStyle( input ).direction || fa;
	var lo = fromISO( wrap.getAttribute( 'data-min' ) );
	var hi = fromISO( wrap.getAttribute( 'data-max' ) );
	var min = lo ? toDays( lo.y, lo.m, lo.d ) : -Infinity;
	var max = hi ? toDays( hi.y, hi.m, hi.d ) : Infinity;
	var focusDay = 0;
	var shownMonth = null;

	var box = make( 'div', { class: 'arshline-date' } );
	input.parentNode.insertBefore( box, input );
	box.appendChild( input );
	var open = make( 'button', { type: 'button', class: 'arshline-date__open', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'aria-label': S.pick } );
	open.innerHTML = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2zm12 8H5v9h14v-9zM7 12h3v3H7v-3z"/></svg>';
	box.appendChild( open );

	var dialog = make( 'div', { class: 'arshline-date__dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': id + '-title', hidden: '' } );
	var head = make( 'div', { class: 'arshline-date__head' } );
	function navButton( label, glyph, delta, years ) {
		var b = make( 'button', { type: 'button', class: 'arshline-date__nav', 'aria-label': label }, glyph );
		b.addEventListener( 'click', function () {
			move( years ? addYears( focusDay, delta ) : addMonths( focusDay, delta ), false );
		} );
		return b;
	}
	// Earlier is on the right of a right-to-left page: its arrows point there.
	var prevYear = navButton( S.prev_year, rtl ? '»' : '«', -1, true );
	var prevMonth = navButton( S.prev_month, rtl ? '›' : '‹', -1, false );
	var title = make( 'h2', { id: id + '-title', class: 'arshline-date__title', 'aria-live': 'polite' } );
	var nextMonth = navButton( S.next_month, rtl ? '‹' : '›', 1, false );
	var nextYear = navButton( S.next_year, rtl ? '«' : '»', 1, true );
	[ prevYear, prevMonth, title, nextMonth, nextYear ].forEach( function ( e ) {
		head.appendChild( e );
	} );
	var grid = make( 'table', { class: 'arshline-date__grid', role: 'grid', 'aria-labelledby': id + '-title', 'aria-describedby': id + '-keys' } );
	var thead = make( 'thead' );
	var hr = make( 'tr' );
	short.forEach( function ( s, i ) {
		hr.appendChild( make( 'th', { scope: 'col', abbr: dayNames[ i ] }, s ) );
	} );
	thead.appendChild( hr );
	grid.appendChild( thead );
	var tbody = make( 'tbody' );
	grid.appendChild( tbody );
	var foot = make( 'div', { class: 'arshline-date__foot' } );
	var keys = make( 'p', { id: id + '-keys', class: 'arshline-date__keys' }, S.keys );
	var close = make( 'button', { type: 'button', class: 'arshline-date__close' }, S.close );
	foot.appendChild( keys );
	foot.appendChild( close );
	dialog.appendChild( head );
	dialog.appendChild( grid );
	dialog.appendChild( foot );
	box.appendChild( dialog );

	function clamp( n ) {
		return Math.max( min, Math.min( max, n ) );
	}
	function addMonths( n, k ) {
		var d = fromDays( n );
		var m = d.m - 1 + k;
		var y = d.y + Math.floor( m / 12 );
		m = ( ( m % 12 ) + 12 ) % 12 + 1;
		return toDays( y, m, Math.min( d.d, daysInMonth( y, m ) ) );
	}
	function addYears( n, k ) {
		var d = fromDays( n );
		return toDays( d.y + k, d.m, Math.min( d.d, daysInMonth( d.y + k, d.m ) ) );
	}
	function label( n ) {
		var d = fromDays( n );
		return dayNames[ weekdayFromSaturday( n ) ] + ( fa ? '، ' : ', ' ) + digits( d.d, fa ) + ' ' + months[ d.m - 1 ] + ' ' + digits( d.y, fa );
	}
	function chosen() {
		var p = parse( input.value );
		return p.error ? null : toDays( p.y, p.m, p.d );
	}

	function draw() {
		var d = fromDays( focusDay );
		var key = d.y * 12 + d.m;
		var sel = chosen();
		if ( key !== shownMonth ) {
			shownMonth = key;
			title.textContent = months[ d.m - 1 ] + ' ' + digits( d.y, fa );
		}
		tbody.textContent = '';
		var first = toDays( d.y, d.m, 1 );
		var lead = weekdayFromSaturday( first );
		var count = daysInMonth( d.y, d.m );
		var tr = null;
		for ( var i = 0; i < lead + count; i++ ) {
			if ( 0 === i % 7 ) {
				tr = make( 'tr' );
				tbody.appendChild( tr );
			}
			if ( i < lead ) {
				tr.appendChild( make( 'td' ) );
				continue;
			}
			var n = first + i - lead;
			var td = make( 'td', { tabindex: n === focusDay ? '0' : '-1', 'data-day': String( n ), 'aria-label': label( n ) }, digits( n - first + 1, fa ) );
			if ( n === sel ) {
				td.setAttribute( 'aria-selected', 'true' );
			}
			if ( n === today() ) {
				td.setAttribute( 'aria-current', 'date' );
			}
			if ( n < min || n > max ) {
				td.setAttribute( 'aria-disabled', 'true' );
			}
			tr.appendChild( td );
		}
		while ( tr && tr.children.length < 7 ) {
			tr.appendChild( make( 'td' ) );
		}
		prevMonth.disabled = first - 1 < min;
		nextMonth.disabled = first + count > max;
		prevYear.disabled = toDays( d.y, 1, 1 ) - 1 < min;
		nextYear.disabled = toDays( d.y + 1, 1, 1 ) > max;
	}

	function move( n, focus ) {
		focusDay = clamp( n );
		draw();
		if ( false !== focus ) {
			var cell = tbody.querySelector( '[data-day="' + focusDay + '"]' );
			if ( cell ) {
				cell.focus();
			}
		}
	}

	function show() {
		var sel = chosen();
		var t = today();
		focusDay = clamp( null !== sel ? sel : t );
		shownMonth = null;
		dialog.hidden = false;
		open.setAttribute( 'aria-expanded', 'true' );
		move( focusDay );
		document.addEventListener( 'pointerdown', outside, true );
	}

	function hide( back ) {
		dialog.hidden = true;
		open.setAttribute( 'aria-expanded', 'false' );
		document.removeEventListener( 'pointerdown', outside, true );
		if ( back ) {
			open.focus();
		}
	}

	function outside( e ) {
		if ( ! box.contains( e.target ) ) {
			hide( false );
		}
	}

	function choose( n ) {
		if ( n < min || n > max ) {
			return;
		}
		input.value = format( fromDays( n ), fa );
		input.dispatchEvent( new Event( 'input', { bubbles: true } ) );
		input.dispatchEvent( new Event( 'change', { bubbles: true } ) );
		hide( true );
	}

	open.addEventListener( 'click', function () {
		if ( dialog.hidden ) {
			show();
		} else {
			hide( true );
		}
	} );
	close.addEventListener( 'click', function () {
		hide( true );
	} );
	tbody.addEventListener( 'click', function ( e ) {
		var td = e.target.closest( 'td[data-day]' );
		if ( td ) {
			choose( parseInt( td.getAttribute( 'data-day' ), 10 ) );
		}
	} );
	grid.addEventListener( 'keydown', function ( e ) {
		var step = {
			ArrowLeft: rtl ? 1 : -1,
			ArrowRight: rtl ? -1 : 1,
			ArrowUp: -7,
			ArrowDown: 7,
		}[ e.key ];
		var w = weekdayFromSaturday( focusDay );
		if ( step ) {
			move( focusDay + step );
		} else if ( 'Home' === e.key ) {
			move( focusDay - w );
		} else if ( 'End' === e.key ) {
			move( focusDay + 6 - w );
		} else if ( 'PageUp' === e.key ) {
			move( e.shiftKey ? addYears( focusDay, -1 ) : addMonths( focusDay, -1 ) );
		} else if ( 'PageDown' === e.key ) {
			move( e.shiftKey ? addYears( focusDay, 1 ) : addMonths( focusDay, 1 ) );
		} else if ( 'Enter' === e.key || ' ' === e.key ) {
			choose( focusDay );
		} else {
			return;
		}
		e.preventDefault();
	} );
	dialog.addEventListener( 'keydown', function ( e ) {
		if ( 'Escape' === e.key ) {
			e.preventDefault();
			e.stopPropagation();
			hide( true );
			return;
		}
		if ( 'Tab' !== e.key ) {
			return;
		}
		// Focus stays in the dialog: Tab goes round its controls.
		var list = Array.prototype.filter.call( dialog.querySelectorAll( 'button, td[tabindex="0"]' ), function ( b ) {
			return ! b.disabled;
		} );
		var i = list.indexOf( document.activeElement );
		var next = e.shiftKey ? ( i <= 0 ? list.length - 1 : i - 1 ) : ( i === list.length - 1 ? 0 : i + 1 );
		e.preventDefault();
		list[ next ].focus();
	} );
	return { min: min, max: max, label: label };
}
