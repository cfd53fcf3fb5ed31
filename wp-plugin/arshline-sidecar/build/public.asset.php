<?php return array('dependencies' => array(), 'version' => '22d014e6a48a9011e852');
