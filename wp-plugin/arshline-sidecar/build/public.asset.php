<?php return array('dependencies' => array(), 'version' => '2e0551cdfe0541c49806');
