<?php
/**
 * Respondents' answers in WordPress's personal data tools (Tools → Export
 * Personal Data, Tools → Erase Personal Data).
 *
 * A person is found by the email address of the request and by mobile
 * numbers that belong to it: those a site keeps for the user of that
 * address (user meta billing_phone, mobile, phone) and whatever the filter
 * arshline_sidecar_privacy_mobiles adds. Each form's entries are searched
 * with submissions.list's q, and an entry is the person's only when one
 * of its answers is that address (letter case aside) or that mobile
 * number (in any digits and spelling: ۰۹۱۲…, +98 912…). Erasing deletes
 * those entries with their files through submissions.delete. WordPress
 * has already checked that the person running the tool may; the calls go
 * as the site itself (the system actor). One form is one page of the
 * tool's paging.
 *
 * @package Arshline_Sidecar
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/**
 * The exporter and the eraser of respondents' answers.
 */
final class Arshline_Sidecar_Public_Privacy {

	const ID = 'arshline-sidecar';

	/**
	 * Entries read of one form per page, at most.
	 */
	const MAX_PER_FORM = 1000;

	/**
	 * Hooks the exporter and the eraser.
	 */
	public static function boot() {
		add_filter( 'wp_privacy_personal_data_exporters', array( __CLASS__, 'register_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( __CLASS__, 'register_eraser' ) );
	}

	/**
	 * Adds the exporter.
	 *
	 * @param array $exporters Exporters by id.
	 * @return array
	 */
	public static function register_exporter( $exporters ) {
		$exporters[ self::ID ] = array(
			'exporter_friendly_name' => __( 'Arshline form answers', 'arshline-sidecar' ),
			'callback'               => array( __CLASS__, 'export' ),
		);
		return $exporters;
	}

	/**
	 * Adds the eraser.
	 *
	 * @param array $erasers Erasers by id.
	 * @return array
	 */
	public static function register_eraser( $erasers ) {
		$erasers[ self::ID ] = array(
			'eraser_friendly_name' => __( 'Arshline form answers', 'arshline-sidecar' ),
			'callback'             => array( __CLASS__, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * One page of the export: the entries of one form that are the person's.
	 *
	 * @param string $email Email address of the request.
	 * @param int    $page  Page, from 1.
	 * @return array data, done (or WP_Error when the daemon cannot be reached)
	 */
	public static function export( $email, $page = 1 ) {
		$forms = self::forms();
		if ( is_wp_error( $forms ) ) {
			return $forms;
		}
		$page = max( 1, (int) $page );
		$data = array();
		if ( isset( $forms[ $page - 1 ] ) ) {
			$form = $forms[ $page - 1 ];
			$ids  = self::matching( (int) $form['id'], (string) $email );
			if ( is_wp_error( $ids ) ) {
				return $ids;
			}
			foreach ( $ids as $id ) {
				$entry = self::call( 'submissions.get', array( 'form_id' => (int) $form['id'], 'id' => $id ) );
				if ( is_array( $entry ) ) {
					$data[] = self::item( $form, $entry );
				}
			}
		}
		return array(
			'data' => $data,
			'done' => $page >= count( $forms ),
		);
	}

	/**
	 * One page of the erasure: the person's entries of one form deleted.
	 *
	 * @param string $email Email address of the request.
	 * @param int    $page  Page, from 1.
	 * @return array items_removed, items_retained, messages, done
	 */
	public static function erase( $email, $page = 1 ) {
		$forms = self::forms();
		if ( is_wp_error( $forms ) ) {
			return $forms;
		}
		$page    = max( 1, (int) $page );
		$removed = 0;
		$kept    = false;
		$notes   = array();
		if ( isset( $forms[ $page - 1 ] ) ) {
			$form = $forms[ $page - 1 ];
			$ids  = self::matching( (int) $form['id'], (string) $email );
			if ( is_wp_error( $ids ) ) {
				return $ids;
			}
			foreach ( array_chunk( $ids, 100 ) as $chunk ) {
				$done = self::call(
					'submissions.delete',
					array(
						'form_id' => (int) $form['id'],
						'ids'     => $chunk,
					)
				);
				if ( is_wp_error( $done ) ) {
					$kept    = true;
					$notes[] = $done->get_error_message();
					break;
				}
				$removed += isset( $done['deleted'] ) ? (int) $done['deleted'] : 0;
			}
		}
		return array(
			'items_removed'  => $removed,
			'items_retained' => $kept,
			'messages'       => $notes,
			'done'           => $page >= count( $forms ),
		);
	}

	/**
	 * Mobile numbers of the person with this address, normalised (09…).
	 *
	 * @param string $email Email address.
	 * @return string[]
	 */
	public static function mobiles( $email ) {
		$found = array();
		if ( function_exists( 'get_user_by' ) && function_exists( 'get_user_meta' ) ) {
			$user = get_user_by( 'email', $email );
			if ( $user ) {
				foreach ( array( 'billing_phone', 'mobile', 'phone' ) as $key ) {
					$found[] = (string) get_user_meta( $user->ID, $key, true );
				}
			}
		}
		/**
		 * Filters the mobile numbers that belong to the person of a personal
		 * data request, whose form answers are exported or erased with them.
		 *
		 * @param string[] $found Numbers found (as typed).
		 * @param string   $email The request's email address.
		 */
		$found = (array) apply_filters( 'arshline_sidecar_privacy_mobiles', $found, $email );
		$out   = array();
		foreach ( $found as $number ) {
			$n = self::mobile( is_scalar( $number ) ? (string) $number : '' );
			if ( '' !== $n ) {
				$out[ $n ] = true;
			}
		}
		return array_keys( $out );
	}

	/**
	 * An Iranian mobile number as 09XXXXXXXXX ('' when it is none).
	 *
	 * @param string $text As typed.
	 * @return string
	 */
	public static function mobile( $text ) {
		$t = strtr( $text, array_combine( array( '۰', '۱', '۲', '۳', '۴', '۵', '۶', '۷', '۸', '۹', '٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩' ), array( '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9' ) ) );
		$t = (string) preg_replace( '/[\s\-().]/u', '', $t );
		$t = (string) preg_replace( '/^(\+98|0098|98(?=9\d{9}$))/', '0', $t );
		return preg_match( '/^09\d{9}$/', $t ) ? $t : '';
	}

	/**
	 * The ids of one form's entries that are the person's.
	 *
	 * @param int    $form_id Form id.
	 * @param string $email   Email address.
	 * @return int[]|WP_Error
	 */
	public static function matching( $form_id, $email ) {
		$email   = strtolower( trim( $email ) );
		$mobiles = self::mobiles( $email );
		$ids     = array();
		$terms   = array_merge( '' !== $email ? array( $email ) : array(), $mobiles );
		foreach ( $terms as $term ) {
			$before = 0;
			$seen   = 0;
			do {
				$params = array(
					'form_id' => (int) $form_id,
					'limit'   => 200,
					'q'       => $term,
				);
				if ( $before > 0 ) {
					$params['before_id'] = $before;
				}
				$page = self::call( 'submissions.list', $params );
				if ( is_wp_error( $page ) ) {
					return $page;
				}
				$items = isset( $page['items'] ) && is_array( $page['items'] ) ? $page['items'] : array();
				foreach ( $items as $row ) {
					if ( is_array( $row ) && isset( $row['id'] ) && self::belongs( $row, $email, $mobiles ) ) {
						$ids[ (int) $row['id'] ] = true;
					}
				}
				$seen  += count( $items );
				$before = isset( $page['next_before_id'] ) ? (int) $page['next_before_id'] : 0;
			} while ( $before > 0 && $seen < self::MAX_PER_FORM );
		}
		return array_keys( $ids );
	}

	/**
	 * Whether one of an entry's answers is the address or a mobile number.
	 *
	 * @param array    $row     A submission (answers: [{field, type, value}]).
	 * @param string   $email   Address, lower case.
	 * @param string[] $mobiles Numbers, normalised.
	 * @return bool
	 */
	private static function belongs( array $row, $email, array $mobiles ) {
		$answers = isset( $row['answers'] ) && is_array( $row['answers'] ) ? $row['answers'] : array();
		foreach ( $answers as $answer ) {
			$value = is_array( $answer ) && isset( $answer['value'] ) && is_scalar( $answer['value'] ) ? trim( (string) $answer['value'] ) : '';
			if ( '' === $value ) {
				continue;
			}
			if ( ( '' !== $email && strtolower( $value ) === $email ) || in_array( self::mobile( $value ), $mobiles, true ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The site's forms (id, title), all of them, in a stable order.
	 *
	 * @return array[]|WP_Error
	 */
	private static function forms() {
		$out = array();
		for ( $offset = 0; $offset < 100000; $offset += 200 ) {
			$page = self::call(
				'forms.list',
				array(
					'limit'  => 200,
					'offset' => $offset,
				)
			);
			if ( is_wp_error( $page ) ) {
				return $page;
			}
			$items = isset( $page['items'] ) && is_array( $page['items'] ) ? $page['items'] : $page;
			foreach ( is_array( $items ) ? $items : array() as $row ) {
				if ( is_array( $row ) && isset( $row['id'] ) ) {
					$out[] = array(
						'id'    => (int) $row['id'],
						'title' => isset( $row['title'] ) ? (string) $row['title'] : '',
					);
				}
			}
			if ( ! is_array( $items ) || count( $items ) < 200 ) {
				break;
			}
		}
		return $out;
	}

	/**
	 * One entry as the export tool lists it: the form, the tracking code,
	 * the time, and each answer under its question's label.
	 *
	 * @param array $form  id, title.
	 * @param array $entry submissions.get's result.
	 * @return array
	 */
	private static function item( array $form, array $entry ) {
		$sub    = isset( $entry['submission'] ) && is_array( $entry['submission'] ) ? $entry['submission'] : $entry;
		$doc    = isset( $entry['version']['state']['document'] ) && is_array( $entry['version']['state']['document'] ) ? $entry['version']['state']['document'] : array();
		$labels = array();
		foreach ( isset( $doc['fields'] ) && is_array( $doc['fields'] ) ? $doc['fields'] : array() as $field ) {
			if ( is_array( $field ) && isset( $field['id'], $field['label'] ) ) {
				$labels[ (string) $field['id'] ] = (string) $field['label'];
			}
		}
		$data = array(
			array(
				'name'  => __( 'Form', 'arshline-sidecar' ),
				'value' => $form['title'],
			),
			array(
				'name'  => __( 'Tracking code', 'arshline-sidecar' ),
				'value' => isset( $sub['tracking_code'] ) ? (string) $sub['tracking_code'] : '',
			),
			array(
				'name'  => __( 'Sent', 'arshline-sidecar' ),
				'value' => isset( $sub['created_at'] ) ? (string) $sub['created_at'] : '',
			),
		);
		foreach ( isset( $sub['answers'] ) && is_array( $sub['answers'] ) ? $sub['answers'] : array() as $answer ) {
			if ( ! is_array( $answer ) || ! isset( $answer['field'] ) ) {
				continue;
			}
			$value  = isset( $answer['value'] ) ? $answer['value'] : '';
			$data[] = array(
				'name'  => isset( $labels[ $answer['field'] ] ) ? $labels[ $answer['field'] ] : (string) $answer['field'],
				'value' => is_scalar( $value ) ? (string) $value : (string) wp_json_encode( $value, JSON_UNESCAPED_UNICODE ),
			);
		}
		return array(
			'group_id'    => self::ID,
			'group_label' => __( 'Arshline form answers', 'arshline-sidecar' ),
			'item_id'     => self::ID . '-' . ( isset( $sub['id'] ) ? (int) $sub['id'] : 0 ),
			'data'        => $data,
		);
	}

	/**
	 * Calls the daemon as the site (results as arrays).
	 *
	 * @param string $method Method.
	 * @param array  $params Parameters.
	 * @return mixed|WP_Error
	 */
	private static function call( $method, array $params ) {
		return Arshline_Sidecar_Plugin::client()->call( $method, $params, Arshline_Sidecar_Public::system_actor() );
	}
}
