<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'fb1bdf1430eea2aeaf2e');
