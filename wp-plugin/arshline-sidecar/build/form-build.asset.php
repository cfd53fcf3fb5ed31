<?php return array('dependencies' => array('wp-api-fetch', 'wp-i18n'), 'version' => 'ef1067441edc1481c7dd');
