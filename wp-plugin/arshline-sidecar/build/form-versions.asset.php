<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => '535c00644534b9868992');
