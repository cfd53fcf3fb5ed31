/**
 * A form's results per question: Chart.js bars for choices and ratings,
 * number summaries and the latest text answers as text, the same numbers
 * as tables for screen readers (or for everyone, with the toggle), a date
 * range, and CSV / XLSX downloads.
 *
 * Labels reach the charts as canvas text and the page as textContent.
 */

import { __, sprintf } from '@wordpress/i18n';
import { Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip } from 'chart.js';

import { call } from './api';
import { $, el, bdi, clear, message, showError } from './dom';
import { isFa, formId as fixedForm } from './config';
import { num } from './i18n';
import { fillFormSelect, jalali, readDay, restUrl } from './entries';

Chart.register( BarController, BarElement, CategoryScale, LinearScale, Tooltip );

const numberFormat = new Intl.NumberFormat( isFa ? 'fa-IR' : 'en-US', { maximumFractionDigits: 2 } );
const percentFormat = new Intl.NumberFormat( isFa ? 'fa-IR' : 'en-US', { style: 'percent', maximumFractionDigits: 1 } );

const view = { formId: 0, from: '', to: '', charts: [] };

function fmt( n ) {
	return 'number' === typeof n ? numberFormat.format( n ) : String( null === n || undefined === n ? '' : n );
}

/** Shows the results of a form (the #results/ID route). */
export function openResults( formId, focus ) {
	view.formId = Number( formId ) || 0;
	fillFormSelect( $( 'arsh-res-form' ), view.formId || '' );
	if ( focus ) {
		$( 'arsh-res-title' ).focus();
	}
	updateDownloads();
	if ( view.formId ) {
		loadResults();
	}
}

export function onResultsFilter( event ) {
	event.preventDefault();
	var id = Number( $( 'arsh-res-form' ).value ) || 0;
	var from = readDay( $( 'arsh-res-from' ) );
	var to = readDay( $( 'arsh-res-to' ) );
	if ( ! id ) {
		message( $( 'arsh-res-msg' ), 'error', __( 'Choose a form first.', 'arshline-sidecar' ) );
		return;
	}
	if ( null === from || null === to ) {
		message( $( 'arsh-res-msg' ), 'error', __( 'Write the days as YYYY/MM/DD, for example 1404/09/01.', 'arshline-sidecar' ) );
		return;
	}
	view.from = from;
	view.to = to;
	if ( ! fixedForm && '#results/' + id !== window.location.hash ) {
		window.location.hash = '#results/' + id;
		return;
	}
	view.formId = id;
	updateDownloads();
	loadResults();
}

export function onToggleTables( event ) {
	document.querySelectorAll( '#arsh-res-fields .arsh-res-table' ).forEach( function ( table ) {
		table.classList.toggle( 'screen-reader-text', ! event.target.checked );
	} );
}

function range() {
	var params = {};
	if ( view.from ) {
		params.from = view.from;
	}
	if ( view.to ) {
		params.to = view.to;
	}
	return params;
}

function updateDownloads() {
	[ 'csv', 'xlsx' ].forEach( function ( format ) {
		var link = $( 'arsh-res-' + format );
		if ( ! view.formId ) {
			link.removeAttribute( 'href' );
			link.setAttribute( 'aria-disabled', 'true' );
			return;
		}
		link.removeAttribute( 'aria-disabled' );
		link.href = restUrl( '/arshline/v1/forms/' + view.formId + '/export', Object.assign( { format: format }, range() ) );
	} );
}

function loadResults() {
	var box = $( 'arsh-res-msg' );
	var query = new URLSearchParams( range() ).toString();
	message( box, 'info', __( 'Loading results…', 'arshline-sidecar' ) );
	return call( { path: '/arshline/v1/forms/' + view.formId + '/results' + ( query ? '?' + query : '' ) } ).then( function ( r ) {
		if ( ! r.ok ) {
			showError( box, r, loadResults );
			return;
		}
		message( box, 'info', '' );
		render( r.body );
	} );
}

function render( summary ) {
	view.charts.forEach( function ( chart ) {
		chart.destroy();
	} );
	view.charts = [];
	var root = $( 'arsh-res-fields' );
	clear( root );
	$( 'arsh-res-total' ).textContent = sprintf( __( 'Entries counted: %s (spam is left out)', 'arshline-sidecar' ), num( summary.total || 0 ) );
	( summary.fields || [] ).forEach( function ( field ) {
		root.appendChild( renderField( field ) );
	} );
}

/** A table of rows of cells (text), with a caption and column headers. */
function table( caption, heads, rows ) {
	var shown = $( 'arsh-res-tables' ).checked;
	return el( 'table', { className: 'widefat striped arsh-res-table' + ( shown ? '' : ' screen-reader-text' ) }, [
		el( 'caption', { text: caption } ),
		el( 'thead', {}, [
			el(
				'tr',
				{},
				heads.map( function ( h ) {
					return el( 'th', { scope: 'col', text: h } );
				} )
			),
		] ),
		el(
			'tbody',
			{},
			rows.map( function ( row ) {
				return el(
					'tr',
					{},
					row.map( function ( cell, i ) {
						return el( 0 === i ? 'th' : 'td', 0 === i ? { scope: 'row' } : {}, [ bdi( cell ) ] );
					} )
				);
			} )
		),
	] );
}

/** A bar chart of labels → counts, drawn on a canvas described for screen readers by the table beside it. */
function barChart( label, labels, counts, horizontal ) {
	var canvas = el( 'canvas', { role: 'img', 'aria-label': label } );
	canvas.textContent = label;
	var wrap = el( 'div', { className: 'arsh-chart' }, [ canvas ] );
	wrap.style.height = Math.max( 160, Math.min( 600, 36 * labels.length + 60 ) ) + 'px';
	var countAxis = {
		beginAtZero: true,
		ticks: {
			precision: 0,
			callback: function ( value ) {
				return numberFormat.format( value );
			},
		},
	};
	var labelAxis = {
		reverse: isFa && ! horizontal,
		ticks: {
			callback: function ( value ) {
				var text = String( this.getLabelForValue( value ) );
				return text.length > 40 ? text.slice( 0, 40 ) + '…' : text;
			},
		},
	};
	view.charts.push(
		new Chart( canvas, {
			type: 'bar',
			data: { labels: labels, datasets: [ { label: __( 'Answers', 'arshline-sidecar' ), data: counts, backgroundColor: '#2271b1' } ] },
			options: {
				indexAxis: horizontal ? 'y' : 'x',
				locale: isFa ? 'fa-IR' : 'en-US',
				responsive: true,
				maintainAspectRatio: false,
				animation: false,
				scales: horizontal ? { x: Object.assign( { reverse: isFa }, countAxis ), y: Object.assign( {}, labelAxis, { position: isFa ? 'right' : 'left' } ) } : { x: labelAxis, y: Object.assign( { position: isFa ? 'right' : 'left' }, countAxis ) },
				plugins: {
					legend: { display: false },
					tooltip: {
						rtl: isFa,
						textDirection: isFa ? 'rtl' : 'ltr',
						callbacks: {
							label: function ( ctx ) {
								return numberFormat.format( ctx.parsed[ horizontal ? 'x' : 'y' ] );
							},
						},
					},
				},
			},
		} )
	);
	return wrap;
}

/** A date answer (YYYY-MM-DD, in the question's calendar) as a Persian page writes it: ۱۴۰۳/۰۵/۲۱. */
function day( iso ) {
	var text = String( iso || '' ).replace( /-/g, '/' );
	return isFa ? text.replace( /[0-9]/g, function ( d ) {
		return '۰۱۲۳۴۵۶۷۸۹'.charAt( +d );
	} ) : text;
}

function line( text ) {
	return el( 'p', { className: 'arsh-res-line', text: text } );
}

function renderField( f ) {
	var label = f.label || f.id;
	var card = el( 'section', { className: 'arsh-res-field', 'aria-label': label }, [ el( 'h3', {}, [ bdi( label ) ] ) ] );
	if ( f.removed ) {
		card.appendChild( line( __( 'This question is no longer in the form.', 'arshline-sidecar' ) ) );
	}
	card.appendChild( line( sprintf( __( 'Answered: %s', 'arshline-sidecar' ), num( f.answered || 0 ) ) ) );
	switch ( f.type ) {
		case 'radio':
		case 'select':
		case 'checkbox': {
			var options = f.options || Object.keys( f.counts || {} ).map( function ( v ) {
				return { value: v, label: v, count: f.counts[ v ], share: ( f.shares || {} )[ v ] || 0 };
			} );
			var labels = options.map( function ( o ) {
				return String( o.label || o.value );
			} );
			var counts = options.map( function ( o ) {
				return o.count || 0;
			} );
			if ( options.length ) {
				card.appendChild( barChart( sprintf( __( 'Chart of the answers to %s', 'arshline-sidecar' ), label ), labels, counts, true ) );
			}
			card.appendChild(
				table(
					sprintf( __( 'Answers to %s', 'arshline-sidecar' ), label ),
					[ __( 'Option', 'arshline-sidecar' ), __( 'Count', 'arshline-sidecar' ), __( 'Share', 'arshline-sidecar' ) ],
					options.map( function ( o ) {
						return [ String( o.label || o.value ), num( o.count || 0 ), percentFormat.format( o.share || 0 ) ];
					} )
				)
			);
			break;
		}
		case 'rating': {
			var buckets = f.histogram || [];
			if ( 'number' === typeof f.mean ) {
				card.appendChild( line( sprintf( __( 'Mean: %s', 'arshline-sidecar' ), fmt( f.mean ) ) ) );
			}
			if ( buckets.length ) {
				card.appendChild(
					barChart(
						sprintf( __( 'Chart of the ratings of %s', 'arshline-sidecar' ), label ),
						buckets.map( function ( b ) {
							return num( b.value );
						} ),
						buckets.map( function ( b ) {
							return b.count || 0;
						} ),
						false
					)
				);
			}
			card.appendChild(
				table(
					sprintf( __( 'Ratings of %s', 'arshline-sidecar' ), label ),
					[ __( 'Rating', 'arshline-sidecar' ), __( 'Count', 'arshline-sidecar' ) ],
					buckets.map( function ( b ) {
						return [ num( b.value ), num( b.count || 0 ) ];
					} )
				)
			);
			break;
		}
		case 'number': {
			var stats = [
				[ __( 'Smallest', 'arshline-sidecar' ), f.min ],
				[ __( 'Largest', 'arshline-sidecar' ), f.max ],
				[ __( 'Mean', 'arshline-sidecar' ), f.mean ],
				[ __( 'Median', 'arshline-sidecar' ), f.median ],
			].filter( function ( s ) {
				return undefined !== s[ 1 ] && null !== s[ 1 ];
			} );
			var dl = el( 'dl', { className: 'arsh-res-stats' } );
			stats.forEach( function ( s ) {
				dl.appendChild( el( 'dt', { text: s[ 0 ] } ) );
				dl.appendChild( el( 'dd', { text: fmt( s[ 1 ] ) } ) );
			} );
			card.appendChild( dl );
			break;
		}
		case 'date': {
			if ( f.min ) {
				card.appendChild( line( sprintf( __( 'Earliest: %s', 'arshline-sidecar' ), day( f.min ) ) ) );
				card.appendChild( line( sprintf( __( 'Latest: %s', 'arshline-sidecar' ), day( f.max ) ) ) );
			}
			break;
		}
		case 'matrix': {
			var counts2 = f.counts || {};
			var cols = [];
			Object.keys( counts2 ).forEach( function ( row ) {
				Object.keys( counts2[ row ] || {} ).forEach( function ( col ) {
					if ( cols.indexOf( col ) < 0 ) {
						cols.push( col );
					}
				} );
			} );
			var matrix = table(
				sprintf( __( 'Answers to %s', 'arshline-sidecar' ), label ),
				[ __( 'Row', 'arshline-sidecar' ) ].concat( cols ),
				Object.keys( counts2 ).map( function ( row ) {
					return [ row ].concat(
						cols.map( function ( col ) {
							return num( counts2[ row ][ col ] || 0 );
						} )
					);
				} )
			);
			// A matrix has no chart: its table is shown to everyone.
			matrix.classList.remove( 'screen-reader-text' );
			card.appendChild( matrix );
			break;
		}
		case 'text':
		case 'textarea':
		case 'email': {
			var latest = f.latest || [];
			if ( latest.length ) {
				card.appendChild( el( 'h4', { text: __( 'Latest answers', 'arshline-sidecar' ) } ) );
				card.appendChild(
					el(
						'ul',
						{ className: 'arsh-res-latest' },
						latest.map( function ( t ) {
							return el( 'li', {}, [ bdi( t.value ), ' ', el( 'small', { text: jalali( t.created_at ) } ) ] );
						} )
					)
				);
			}
			break;
		}
	}
	return card;
}
